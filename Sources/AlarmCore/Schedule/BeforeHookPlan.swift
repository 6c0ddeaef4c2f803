/// When the `before` hooks run: each at its ring − `before`, timed like rings (the timer wakes
/// exactly at the next such moment, and nothing more), once per ring, a moment that passed
/// while `run` was down included. Pure: the caller gives the instant and the schedule.
public struct BeforeHookPlan: Sendable {
    /// A hook whose moment has come, for one ring.
    public struct Due: Sendable, Equatable, Hashable {
        public var alarm: String
        /// The alarm's state key (its id, or its position), so a rename is a new ring.
        public var key: String
        /// Its place among the alarm's and the file's hooks.
        public var index: Int
        public var ring: Int
    }

    /// What has run, dropped once its ring has passed.
    private var ran: Set<Due> = []

    public init() {}

    /// The hooks whose moment has come since the last call, and the next moment ahead (for the timer).
    public mutating func step(now: Int, alarms: [Alarm], fileHooks: [Hook], state: DaemonState, pausedUntil: CalendarDate?,
                              zone: LocalTimeZone = .current) -> (due: [Due], next: Int?) {
        var next: Int?
        var due: [Due] = []
        ran = ran.filter { $0.ring > now }
        for alarm in alarms {
            let before = (alarm.hooks + fileHooks).enumerated().filter { $0.element.on == .before }
            // A snooze's end is not a ring of its own: the light is on already, the coffee made.
            let rings = RingTimeline(alarms: [alarm], state: state, pausedUntil: pausedUntil, after: now, zone: zone)
            guard !before.isEmpty, let ring = rings.lazy.first(where: { !$0.isSnooze })?.at else { continue }
            for (index, hook) in before {
                let moment = ring - hook.before
                let hookDue = Due(alarm: alarm.name, key: alarm.stateKey, index: index, ring: ring)
                if moment > now {
                    next = min(next ?? moment, moment)
                } else if ran.insert(hookDue).inserted {
                    due.append(hookDue)
                }
            }
        }
        return (due, next)
    }
}
