/// One thing the check before a ring found wrong, with the part of the ring it is about, so the
/// ring can replace that part (`PreflightSubstitution`) and the faces can say what is wrong: in
/// English in the log, `status --json` and MQTT, in the person's language on the terminal's
/// status line (the words are a `Phrase`, worded when read).
public struct PreflightProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Part: Sendable, Equatable {
        case sound(String)
        case device(String)
        case mixer(String)
        case clock
        case wake
    }

    public var part: Part
    public var reason: Phrase

    public init(_ part: Part, _ reason: Phrase) {
        self.part = part
        self.reason = reason
    }

    /// A reason worded already.
    public init(_ part: Part, _ reason: String) {
        self.init(part, Phrase(verbatim: reason))
    }

    /// What every face shows. A sound's and a device's reason name them already (`cannot play
    /// file:ring: …`, `cannot open audio device "tap": …`).
    public var description: String {
        switch part {
        case .sound, .device: return reason.description
        case let .mixer(control): return tr("mixer {control}: {reason}", ["control": control, "reason": reason.description])
        case .clock: return tr("clock: {reason}", ["reason": reason.description])
        case .wake: return tr("wake: {reason}", ["reason": reason.description])
        }
    }
}
