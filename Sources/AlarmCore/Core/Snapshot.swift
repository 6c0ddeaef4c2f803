/// What rings, what waits and what rings next, at one instant: the only answer to "what rings
/// next". `run` builds it from what it holds, the offline commands from the alarms file and
/// state.json, and `list`, `next`, `validate`, `doctor`, `status`, the page, Home Assistant and
/// the status line all render it, so they cannot disagree.
public struct Snapshot: Sendable {
    public struct Ringing: Sendable, Equatable {
        public var alarm: Alarm
        public var since: Instant
        public var snoozesLeft: Int
        /// The one heard (the newest); the others wait under it.
        public var sounding: Bool
        /// The terminal bell stands in for a sound no device would play.
        public var bell: Bool

        public init(alarm: Alarm, since: Instant, snoozesLeft: Int, sounding: Bool = false, bell: Bool = false) {
            self.alarm = alarm
            self.since = since
            self.snoozesLeft = snoozesLeft
            self.sounding = sounding
            self.bell = bell
        }
    }

    public struct Snoozed: Sendable, Equatable {
        public var alarm: Alarm
        public var until: Int
        public var snoozesLeft: Int
    }

    /// The check before a ring (`preflight`) of one alarm: what it found wrong (nothing: ok).
    public struct Preflight: Sendable, Equatable {
        public var id: String
        public var ring: Int
        /// Nil until the first check finished.
        public var checkedAt: Int?
        /// Worded when read: English in the log and JSON, the person's on the status line.
        public var problems: [PreflightProblem]

        package init(id: String, ring: Int, checkedAt: Int? = nil, problems: [PreflightProblem]) {
            self.id = id
            self.ring = ring
            self.checkedAt = checkedAt
            self.problems = problems
        }
    }

    public let now: Int
    /// The checks of the next rings, soonest first; `run` fills it in, the offline commands cannot.
    public var preflight: [Preflight] = []
    /// The sleep timer playing (`alarmplay sleep`); `run` fills it in.
    public var sleep: SleepTimer?
    /// The clock's trouble (unsynchronised, the household's clocks); `run` fills it in.
    public var clock = ClockReport()
    /// The alarms file's alarms, then the running timers: everything that may ring.
    public let alarms: [Alarm]
    /// The alarms file's alone, as the faces that edit them list them.
    public let fileAlarms: [Alarm]
    /// Hooks at the top of the alarms file, for every alarm.
    public let fileHooks: [Hook]
    public let ringing: [Ringing]
    /// The pause in force at `now` (one whose date has come is over).
    public let pausedUntil: CalendarDate?
    package let state: DaemonState
    package let zone: LocalTimeZone

    public init(
        alarms: [Alarm], timers: [Alarm] = [], state: DaemonState, pausedUntil: CalendarDate?, now: Int, ringing: [Ringing] = [],
        fileHooks: [Hook] = [], zone: LocalTimeZone = .current
    ) {
        fileAlarms = alarms
        self.fileHooks = fileHooks
        self.alarms = alarms + timers
        self.state = state
        self.pausedUntil = PauseRule.holds(now, pausedUntil: pausedUntil, zone: zone) ? pausedUntil : nil
        self.now = now
        self.ringing = ringing
        self.zone = zone
    }

    /// The offline commands' view: the alarms file and what the last `run` left in state.json.
    public init(file: AlarmFile, state: DaemonState, now: Int, zone: LocalTimeZone = .current) {
        self.init(alarms: file.alarms, state: state, pausedUntil: file.pausedUntil, now: now, fileHooks: file.hooks, zone: zone)
    }

    /// Switched-on alarms with a snooze pending (switching one off ends its snooze), in file order.
    public var snoozed: [Snoozed] {
        alarms.filter(\.enabled).compactMap { alarm in
            state.snoozes[alarm.stateKey].map {
                Snoozed(alarm: alarm, until: $0.until, snoozesLeft: max(0, alarm.settings.maxSnoozes - $0.count))
            }
        }
    }

    /// The next `count` rings strictly after `after` (default `now`): the ends of snoozes and the
    /// scheduled rings, in time order (the same second in file order), none that a pause holds.
    public func upcoming(after: Int? = nil, count: Int) -> [Ring] {
        Array(timeline(after: after ?? now).prefix(count))
    }

    public var next: Ring? { upcoming(count: 1).first }

    /// Every ring from now up to `end`, in time order: what the calendar feed lists.
    public func rings(until end: Int) -> [Ring] {
        Array(timeline(after: now).prefix { $0.at <= end })
    }

    /// The one rule, with this snapshot's alarms, state and pause.
    public func timeline(after: Int) -> RingTimeline {
        RingTimeline(alarms: alarms, state: state, pausedUntil: pausedUntil, after: after, zone: zone)
    }

    /// `upcoming`, and the rings up to the last of them that do not happen, with why (at most
    /// `count`, earliest first): a calendar's day, an `except` date, a one-time skip, and of a
    /// pause the first ring of each alarm it holds (not every day of a long pause).
    public func upcomingExplained(after: Int? = nil, count: Int) -> (rings: [Ring], skipped: [SkippedRing]) {
        let from = after ?? now
        let rings = upcoming(after: from, count: count)
        let horizon = rings.count == count ? rings.last?.at ?? from : Int.max
        var skipped: [SkippedRing] = []
        for alarm in alarms where alarm.enabled {
            let alarmState = state.schedule.state(for: alarm)
            if let pausedUntil, let first = alarm.nextRing(after: from, state: alarmState, zone: zone), held(first), first <= horizon {
                skipped.append(SkippedRing(alarm: alarm, at: first, reason: .paused(until: pausedUntil)))
            }
            var cursor = start(after: from)
            while true {
                let (ring, passed) = alarm.nextRingExplained(after: cursor, state: alarmState, zone: zone)
                skipped += passed.lazy.filter { $0.at <= horizon }
                guard let ring, ring < horizon, !alarm.ringsOnce else { break }
                cursor = ring
            }
        }
        skipped.sort { ($0.at, $0.alarm.position) < ($1.at, $1.alarm.position) }
        return (rings, Array(skipped.prefix(count)))
    }

    /// The next ring of `alarm` that does not happen, within a year, with why: what `list` and
    /// the page show beside its next ring.
    public func nextSkip(of alarm: Alarm) -> SkippedRing? {
        let alarmState = state.schedule.state(for: alarm)
        if let pausedUntil, let first = alarm.nextRing(after: now, state: alarmState, zone: zone), held(first) {
            return SkippedRing(alarm: alarm, at: first, reason: .paused(until: pausedUntil))
        }
        return alarm.nextSkip(after: start(after: now), before: now + 366 * 86_400, state: alarmState, zone: zone)
    }

    /// Where one alarm stands: a snooze pending wins over its schedule; rings a pause holds are passed over.
    public func status(of alarm: Alarm) -> AlarmStatus {
        if alarm.enabled, let snooze = state.snoozes[alarm.stateKey], snooze.until > now, !held(snooze.until) {
            return .snoozed(until: snooze.until)
        }
        return alarm.status(now: start(after: now), state: state.schedule.state(for: alarm), zone: zone)
    }

    public func listing(_ alarm: Alarm, sound: SoundEntry?) -> AlarmListing {
        AlarmListing(alarm: alarm, sound: sound, status: status(of: alarm), now: now, nextSkip: alarm.enabled ? nextSkip(of: alarm) : nil)
    }

    /// An alarm as `list` and the faces show it, its sound named as `registry` names it and, for
    /// one of several (a folder), the file its next ring plays: the pick is the ring's day's.
    public func listing(_ alarm: Alarm, registry: SoundRegistry) -> AlarmListing {
        var listing = listing(alarm, sound: try? registry.resolve(alarm.settings.sound))
        listing.plays = listing.nextRing.flatMap { registry.pick(alarm.settings.sound, context: RingContext(scheduled: $0)) }
        return listing
    }

    /// Rings are strictly after the returned instant: `after`, or the end of the pause.
    private func start(after: Int) -> Int {
        PauseRule.start(after: after, pausedUntil: pausedUntil, zone: zone)
    }

    private func held(_ instant: Int) -> Bool { PauseRule.holds(instant, pausedUntil: pausedUntil, zone: zone) }
}
