/// A countdown started from the page: rung like an alarm (same ringer, snooze and stop) but kept
/// only in memory, as `timer-N`, until it has rung out.
public struct RunningTimer: Sendable, Equatable {
    package var alarm: Alarm
    package var at: Int

    package init(alarm: Alarm, at: Int) {
        self.alarm = alarm
        self.at = at
    }

    package func json(format: TimeFormat) -> JSONValue {
        ["id": .optional(alarm.id), "label": .optional(alarm.label), "at": .string(format.iso(at))]
    }
}
