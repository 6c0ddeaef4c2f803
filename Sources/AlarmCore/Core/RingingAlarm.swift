/// An alarm that is ringing now.
public struct RingingAlarm: Sendable, Equatable {
    public var alarm: Alarm
    /// When it started ringing (this ringing, after any snooze).
    public var since: Instant
    /// Snoozes used since it first rang today.
    public var snoozesUsed: Int
    /// When it is silenced if nobody reacts (`since` + `ringFor`).
    public var endsAt: Instant
    /// How many steps of `escalate` have taken effect.
    public var escalated = 0

    public init(alarm: Alarm, since: Instant, snoozesUsed: Int) {
        self.alarm = alarm
        self.since = since
        self.snoozesUsed = snoozesUsed
        endsAt = Instant(seconds: since.seconds + max(alarm.settings.ringFor, 1), nanoseconds: since.nanoseconds)
    }

    public var snoozesLeft: Int { max(0, alarm.settings.maxSnoozes - snoozesUsed) }
    public var key: String { alarm.stateKey }

    /// When the next step of `escalate` is due; nil when none is left.
    public var nextEscalation: Instant? {
        let steps = alarm.settings.escalate
        guard escalated < steps.count else { return nil }
        return Instant(seconds: since.seconds + steps[escalated].after, nanoseconds: since.nanoseconds)
    }
}
