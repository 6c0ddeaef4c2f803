/// A reminder to go to bed in time for the next alarm (`"bedtime": {"sleep": "7h30m", "before":
/// "15m"}`): at the ring − `sleep` − `before`, with a soft `sound` played once if one is named.
public struct Bedtime: Sendable, Equatable {
    public var sleep: Int
    public var before: Int
    public var sound: SoundReference?

    public init(sleep: Int, before: Int = 15 * 60, sound: SoundReference? = nil) {
        self.sleep = sleep
        self.before = before
        self.sound = sound
    }

    /// The moment of the reminder for a ring at `ring`.
    public func moment(for ring: Int) -> Int { ring - sleep - before }

    /// The soft sound's volume: a reminder, not an alarm.
    public static let volume = 0.3
}

/// When the bedtime reminders come: one a night, for the first alarm that rings the next morning
/// (a skipped or paused day has none, as it has no ring), each said once. Pure: the caller gives
/// the instant and the schedule.
public struct BedtimePlan: Sendable {
    /// A reminder whose moment has come.
    public struct Due: Sendable, Equatable {
        public var alarm: String
        public var ring: Int
        public var sound: SoundReference?
    }

    /// The rings reminded of, dropped once they have rung.
    private var said: Set<Int> = []
    /// How far ahead the first ring of a morning is looked for.
    public static let horizon = 36 * 3600

    public init() {}

    /// The reminders due by `now` (one passed while `run` was down is given only while its ring is
    /// still ahead), and the next moment ahead, for the timer.
    public mutating func step(now: Int, alarms: [Alarm], state: DaemonState, pausedUntil: CalendarDate?,
                              zone: LocalTimeZone = .current) -> (due: [Due], next: Int?) {
        said = said.filter { $0 > now }
        var mornings: Set<CalendarDate> = []
        var due: [Due] = []
        var next: Int?
        let rings = RingTimeline(alarms: alarms, state: state, pausedUntil: pausedUntil, after: now, zone: zone)
        for ring in rings.lazy.filter({ !$0.isSnooze }).prefix(while: { $0.at <= now + Self.horizon }) {
            // The first ring of each morning is the one to sleep for.
            guard mornings.insert(zone.localTime(at: ring.at).date).inserted, let bedtime = ring.alarm.settings.bedtime else { continue }
            let moment = bedtime.moment(for: ring.at)
            if moment > now {
                next = min(next ?? moment, moment)
            } else if said.insert(ring.at).inserted {
                due.append(Due(alarm: ring.alarm.name, ring: ring.at, sound: bedtime.sound))
            }
        }
        return (due, next)
    }
}
