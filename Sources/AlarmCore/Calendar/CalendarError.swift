/// Why a `skipDays` calendar cannot be used: `FILE:LINE: message` for a file that does not
/// parse, so editors can jump to it.
public enum CalendarError: UserFacingError, Equatable {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case invalid(path: String, line: Int, message: String)
    /// A URL never fetched successfully, so there is no copy to use.
    case notFetched(url: String, reason: String)
    case library(LibraryError)

    public var description: String {
        switch self {
        case let .missing(path): return tr("no calendar file at {path} (named in skipDays)", ["path": path])
        case let .unreadable(path, reason): return tr("cannot read calendar {path}: {reason}", ["path": path, "reason": reason])
        case let .invalid(path, line, message): return "\(path):\(line): \(message)"
        case let .notFetched(url, reason):
            return tr("calendar {url} could not be fetched and has no cached copy: {reason}", ["url": url, "reason": reason])
        case let .library(error): return error.description
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .missing, .unreadable: return .noInput
        case .invalid: return .dataError
        case .notFetched: return .unavailable
        case let .library(error): return error.exitCode
        }
    }
}
