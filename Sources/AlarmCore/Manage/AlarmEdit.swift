/// A new version of the alarms document, before it is written: `validated` turns it into the
/// text to write, checked by the same decoder as a hand-edited file, so these commands can
/// never write an alarm that `run` would reject.
public struct AlarmEdit: Sendable {
    public var document: JSONValue
    /// The alarm the edit added or changed (0-based), whose keys its problems are tied to.
    public var alarmIndex: Int?

    public init(document: JSONValue, alarmIndex: Int?) {
        self.document = document
        self.alarmIndex = alarmIndex
    }

    /// What an alarms file that does not exist yet holds.
    public static let emptyDocument: JSONValue = ["alarms": []]

    /// The alarm objects of a document (empty when it has none).
    public static func alarms(of document: JSONValue) -> [JSONValue] {
        document["alarms"]?.arrayValue ?? []
    }

    public static func replacingAlarms(of document: JSONValue, with alarms: [JSONValue]) -> JSONValue {
        var document = document
        document.set("alarms", .array(alarms), orderedBy: AlarmFileDecoder.topLevelKeys)
        return document
    }

    /// The text to write and the file it reads back as, or every problem tied to the key of
    /// the edited alarm it concerns.
    public func validated(path: String, sounds: SoundRegistry?) throws(AlarmEditRejected) -> (text: String, file: AlarmFile) {
        if let duplicate = duplicateID() { throw AlarmEditRejected(problems: [duplicate]) }
        let text = JSONWriter.pretty(document)
        do {
            return (text, try AlarmFile.parse(text, path: path, sounds: sounds))
        } catch {
            guard case let .invalid(_, problems) = error else { throw AlarmEditRejected(problems: []) }
            throw AlarmEditRejected(problems: attribute(problems, in: text))
        }
    }

    /// Caught before decoding: the decoder points at the later of the two alarms with a line
    /// and column, which mean nothing to someone who typed `--id`.
    private func duplicateID() -> AlarmEditRejected.Problem? {
        guard let alarmIndex else { return nil }
        let alarms = Self.alarms(of: document)
        guard let id = alarms[alarmIndex]["id"]?.stringValue else { return nil }
        guard let other = alarms.indices.first(where: { $0 != alarmIndex && alarms[$0]["id"]?.stringValue == id }) else {
            return nil
        }
        return .init(key: "id", message: tr("duplicate id \"{id}\" (alarm {position} has it)", ["id": id, "position": String(other + 1)]))
    }

    /// Ties each problem to the member of the edited alarm it lies in (the writer puts every
    /// member on its own lines, so positions fall between one key and the next).
    private func attribute(_ problems: [JSONProblem], in text: String) -> [AlarmEditRejected.Problem] {
        let parsed = JSONParser.parse(text).value.map(Self.alarms) ?? []
        guard let alarmIndex, parsed.indices.contains(alarmIndex) else {
            return problems.map { .init(key: nil, message: $0.message) }
        }
        let start = parsed[alarmIndex].position
        let end = alarmIndex + 1 < parsed.count ? parsed[alarmIndex + 1].position : nil
        let members = parsed[alarmIndex].members ?? []
        return problems.map { problem in
            let inside = problem.position >= start && end.map { problem.position < $0 } ?? true
            let member = inside ? members.last { $0.keyPosition <= problem.position } : nil
            return .init(key: member?.key, message: problem.message)
        }
    }
}

/// An add or edit that would make the alarms file invalid; nothing was written.
public struct AlarmEditRejected: UserFacingError, Equatable {
    public struct Problem: Sendable, Equatable {
        /// The alarm key at fault (`volume`), nil when it is not one key of the edited alarm.
        public var key: String?
        public var message: String

        public init(key: String?, message: String) {
            self.key = key
            self.message = message
        }
    }

    public var problems: [Problem]

    public init(problems: [Problem]) {
        self.problems = problems
    }

    public var description: String {
        problems.map { ($0.key.map { "\($0): " } ?? "") + $0.message }.joined(separator: "; ")
    }

    public var exitCode: ExitCode { .dataError }
}
