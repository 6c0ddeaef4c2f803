/// A ring on every alarmplay of the household, asked for by a step of `escalate`: the `run` whose
/// alarm went unanswered (the origin) sends it, every other `run` on the broker rings the label
/// with its own sound until any of them stops or snoozes it.
public struct HouseholdRing: Sendable, Equatable {
    /// Unique to this ring: the origin's instance, the second it was sent and a count.
    public var ring: String
    /// The origin's instance (`HouseholdIdentity`) and the name it has on the broker.
    public var origin: String
    public var originName: String
    /// The origin's alarm and its label.
    public var alarm: String
    public var label: String?

    public init(ring: String, origin: String, originName: String, alarm: String, label: String?) {
        self.ring = ring
        self.origin = origin
        self.originName = originName
        self.alarm = alarm
        self.label = label
    }

    /// What the others show while they ring it: the label and whose alarm it is.
    package var shownLabel: String { "\(label ?? alarm) (household: \(originName))" }
}
