/// An id (or position) that names no alarm, with the ids there are and the nearest one. The
/// managing code's own error: the CLI exits 64 for it (the id was typed wrong), the page answers 404.
public struct AlarmNotFound: UserFacingError, Equatable {
    public var reference: String
    public var description: String

    public init(_ reference: String, in file: AlarmFile) {
        self.reference = reference
        let names = file.alarms.map(\.name)
        guard !names.isEmpty else {
            description = "no alarm \"\(reference)\": there are no alarms yet"
            return
        }
        let hint = Suggestion.closest(to: reference, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", and \(names.count - 20) more" : "")
        description = "no alarm \"\(reference)\"\(hint); the alarms are: \(shown)"
    }

    public var exitCode: ExitCode { .usage }
}
