import AlarmCore

/// A failure of the ALSA device, with ALSA's own reason (`snd_strerror`).
public struct ALSAError: UserFacingError, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The device could not be opened or configured.
        case open
        /// The device went away while playing (`-ENODEV`, `-EIO`, `-EBADFD`): callers fall back.
        case lost
        /// Any other write failure that recovery could not fix.
        case write
    }

    public var kind: Kind
    public var device: String
    public var code: Int32
    public var reason: String

    package init(kind: Kind, device: String, code: Int32, reason: String) {
        self.kind = kind
        self.device = device
        self.code = code
        self.reason = reason
    }

    public var description: String {
        switch kind {
        case .open: return tr("cannot open audio device \"{device}\": {reason}", ["device": device, "reason": reason])
        case .lost: return tr("audio device \"{device}\" went away: {reason}", ["device": device, "reason": reason])
        case .write: return tr("cannot write to audio device \"{device}\": {reason}", ["device": device, "reason": reason])
        }
    }

    public var exitCode: ExitCode { .unavailable }
}
