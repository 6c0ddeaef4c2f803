import AlarmCore

extension Refusal.Kind {
    /// The one place a refusal of `run` becomes the CLI's exit status (the README's table): a script
    /// tells a wrong name from "not now" from a `run` that lacks what it needs.
    package var exitCode: ExitCode {
        switch self {
        case .notFound: return .usage
        case .invalid, .unsupported: return .dataError
        case .conflict, .busy: return .temporaryFailure
        case .unavailable: return .unavailable
        case .failed: return .failure
        }
    }
}
