/// One thing the check before a ring found wrong, with the part of the ring it is about, so the
/// ring can replace that part (`PreflightSubstitution`) and the faces can say what is wrong.
public struct PreflightProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Part: Sendable, Equatable {
        case sound(String)
        case device(String)
        case mixer(String)
        case clock
        case wake
    }

    public var part: Part
    public var reason: String

    public init(_ part: Part, _ reason: String) {
        self.part = part
        self.reason = reason
    }

    /// What every face shows. A sound's and a device's reason name them already (`cannot play
    /// file:ring: …`, `cannot open audio device "tap": …`).
    public var description: String {
        switch part {
        case .sound, .device: return reason
        case let .mixer(control): return "mixer \(control): \(reason)"
        case .clock: return "clock: \(reason)"
        case .wake: return "wake: \(reason)"
        }
    }
}
