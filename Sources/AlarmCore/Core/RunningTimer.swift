/// A countdown started from the page: rung like an alarm (same ringer, snooze and stop) but kept
/// only in memory, as `timer-N`, until it has rung out.
public struct RunningTimer: Sendable, Equatable {
    package var alarm: Alarm
    package var at: Int
    /// A household's copy of another member's ring: rung as a timer is, but neither listed nor
    /// cancelled as one (the household's stop ends it, and tells the others).
    package var isHouseholdCopy: Bool

    package init(alarm: Alarm, at: Int, isHouseholdCopy: Bool = false) {
        self.alarm = alarm
        self.at = at
        self.isHouseholdCopy = isHouseholdCopy
    }

    package func json(format: TimeFormat) -> JSONValue {
        ["id": .optional(alarm.id), "label": .optional(alarm.label), "at": .string(format.iso(at))]
    }
}
