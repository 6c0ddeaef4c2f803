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

    public let now: Int
    /// The alarms file's alarms, then the running timers: everything that may ring.
    public let alarms: [Alarm]
    /// The alarms file's alone, as the faces that edit them list them.
    public let fileAlarms: [Alarm]
    /// Hooks at the top of the alarms file, for every alarm.
    public let fileHooks: [Hook]
    public let ringing: [Ringing]
    /// The pause in force at `now` (one whose date has come is over).
    public let pausedUntil: CalendarDate?
    let state: DaemonState
    let zone: LocalTimeZone

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
        let from = after ?? now
        let scheduled = alarms.nextRings(after: start(after: from), count: count, state: state.schedule, zone: zone)
        let snoozes = snoozed.filter { $0.until > from && !held($0.until) }.map { Ring(alarm: $0.alarm, at: $0.until, isSnooze: true) }
        let merged = (snoozes + scheduled).sorted { ($0.at, $0.alarm.position) < ($1.at, $1.alarm.position) }
        return Array(merged.prefix(count))
    }

    public var next: Ring? { upcoming(count: 1).first }

    /// Where one alarm stands: a snooze pending wins over its schedule; rings a pause holds are passed over.
    public func status(of alarm: Alarm) -> AlarmStatus {
        if alarm.enabled, let snooze = state.snoozes[alarm.stateKey], snooze.until > now, !held(snooze.until) {
            return .snoozed(until: snooze.until)
        }
        return alarm.status(now: start(after: now), state: state.schedule.state(for: alarm), zone: zone)
    }

    public func listing(_ alarm: Alarm, sound: SoundEntry?) -> AlarmListing {
        AlarmListing(alarm: alarm, sound: sound, status: status(of: alarm), now: now)
    }

    /// Rings are strictly after the returned instant: `after`, or the end of the pause.
    private func start(after: Int) -> Int {
        pausedUntil.map { max(after, PauseRule.end($0, zone: zone)) } ?? after
    }

    private func held(_ instant: Int) -> Bool { PauseRule.holds(instant, pausedUntil: pausedUntil, zone: zone) }
}
