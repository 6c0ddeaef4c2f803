/// An id (or position) that names no alarm, with the ids there are and the nearest one. The
/// managing code's own error: the CLI exits 64 for it (the id was typed wrong), the page answers 404.
public struct AlarmNotFound: UserFacingError, Equatable {
    public var reference: String
    public var description: String

    public init(_ reference: String, in file: AlarmFile) {
        self.init(reference, among: file.alarms)
    }

    public init(_ reference: String, among alarms: [Alarm]) {
        self.reference = reference
        let names = alarms.map(\.name)
        guard !names.isEmpty else {
            description = tr("no alarm \"{id}\": there are no alarms yet", ["id": reference])
            return
        }
        let hint = Suggestion.closest(to: reference, in: names).map { tr(" (did you mean \"{id}\"?)", ["id": $0]) } ?? ""
        let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? tr(", and {n} more", ["n": String(names.count - 20)]) : "")
        description = tr("no alarm \"{id}\"{hint}; the alarms are: {alarms}", ["id": reference, "hint": hint, "alarms": shown])
    }

    public var exitCode: ExitCode { .usage }
}
