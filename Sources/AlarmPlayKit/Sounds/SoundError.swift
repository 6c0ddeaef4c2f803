/// Why a sound could not be found or opened.
public enum SoundError: UserFacingError, Equatable {
    case noSuchIndex(Int, count: Int)
    case noSuchName(String, suggestion: String?)
    case broken(name: String, reason: String)
    case decodeFailed(name: String, reason: String)

    public var description: String {
        switch self {
        case let .noSuchIndex(index, count):
            return "no sound \(index): there are \(count) sounds (0-\(max(count - 1, 0))); see 'alarmplay sounds'"
        case let .noSuchName(name, suggestion):
            let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "no sound \"\(name)\"\(hint); see 'alarmplay sounds'"
        case let .broken(name, reason):
            return "cannot play \(name): \(reason)"
        case let .decodeFailed(name, reason):
            return "cannot decode \(name): \(reason)"
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .noSuchIndex, .noSuchName: return .usage
        case .broken, .decodeFailed: return .dataError
        }
    }
}
