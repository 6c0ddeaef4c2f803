/// Why the alarms file cannot be used. `lines` are what to show, one per problem, as
/// `FILE:LINE:COL: message` so editors can jump to them; `description` is a one-line summary.
public enum AlarmFileError: UserFacingError, Equatable {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case invalid(path: String, problems: [JSONProblem])

    public var description: String {
        switch self {
        case let .missing(path):
            return tr("no alarms file at {path}; create one with '{command}', or write it by hand: {example}", [
                "path": path, "command": "alarmplay add 07:00 --days weekdays",
                "example": "{\"alarms\": [{\"time\": \"07:00\", \"days\": \"weekdays\"}]}",
            ])
        case let .unreadable(path, reason):
            return tr("cannot read alarms file {path}: {reason}", ["path": path, "reason": reason])
        case let .invalid(path, problems):
            return trn("{path}: {n} problem", "{path}: {n} problems", problems.count, ["path": path])
        }
    }

    public var lines: [String] {
        guard case let .invalid(path, problems) = self else { return [description] }
        return problems.map { "\(path):\($0)" }
    }

    public var exitCode: ExitCode {
        switch self {
        case .missing, .unreadable: return .noInput
        case .invalid: return .dataError
        }
    }
}
