/// Why a sound could not be found or opened.
public enum SoundError: UserFacingError, Equatable {
    case noSuchIndex(Int, count: Int)
    case noSuchName(String, suggestion: String?)
    case broken(name: String, reason: String)
    case decodeFailed(name: String, reason: String)

    public var description: String {
        switch self {
        case let .noSuchIndex(index, count):
            return trn("no sound {index}: there is {n} sound (0-{last}); see 'alarmplay sounds'",
                       "no sound {index}: there are {n} sounds (0-{last}); see 'alarmplay sounds'", count,
                       ["index": String(index), "last": String(max(count - 1, 0))])
        case let .noSuchName(name, suggestion):
            guard let suggestion else { return tr("no sound \"{name}\"; see 'alarmplay sounds'", ["name": name]) }
            return tr("no sound \"{name}\" (did you mean \"{suggestion}\"?); see 'alarmplay sounds'", ["name": name, "suggestion": suggestion])
        case let .broken(name, reason):
            return tr("cannot play {sound}: {reason}", ["sound": name, "reason": reason])
        case let .decodeFailed(name, reason):
            return tr("cannot decode {sound}: {reason}", ["sound": name, "reason": reason])
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .noSuchIndex, .noSuchName: return .usage
        case .broken, .decodeFailed: return .dataError
        }
    }
}
