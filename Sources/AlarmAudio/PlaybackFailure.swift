import AlarmCore

/// Why a playback did not happen or did not finish: the sound, its decoding, or the device.
/// Callers that must never go silent look at the case to pick a fallback.
public enum PlaybackFailure: UserFacingError, Equatable {
    case sound(SoundError)
    case decode(SoundFileError)
    case device(ALSAError)
    case stream(StreamError)

    package init(_ error: any Error) {
        switch error {
        case let error as SoundError: self = .sound(error)
        case let error as StreamError: self = .stream(error)
        case let error as SoundFileError: self = .decode(error)
        case let error as ALSAError: self = .device(error)
        default: self = .sound(.decodeFailed(name: "sound", reason: "\(error)"))
        }
    }

    public var description: String {
        switch self {
        case let .sound(error): return error.description
        case let .decode(error): return error.description
        case let .device(error): return error.description
        case let .stream(error): return error.description
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case let .sound(error): return error.exitCode
        case let .decode(error): return error.exitCode
        case let .device(error): return error.exitCode
        case .stream: return .unavailable
        }
    }
}
