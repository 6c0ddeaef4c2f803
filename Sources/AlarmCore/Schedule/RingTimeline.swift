/// The one answer to "what rings next": every ring of `alarms` strictly after `after`, the ends
/// of their snoozes among them, in time order (the same second in file order). A one-shot rings
/// once; done one-shots, skips, shifts and calendars are each alarm's own rule (`nextRing`); the
/// days a pause holds are passed over unless `includingHeld` (the timer still wakes for those, to
/// say they were held). `next`, `list`, the page, MQTT, the feed, hooks' `before`, the check
/// before a ring and the timer all read it, so they cannot disagree.
public struct RingTimeline: Sequence {
    public var alarms: [Alarm]
    public var state: DaemonState
    public var pausedUntil: CalendarDate?
    public var after: Int
    public var includingHeld: Bool
    public var zone: LocalTimeZone

    public init(alarms: [Alarm], state: DaemonState, pausedUntil: CalendarDate? = nil, after: Int, includingHeld: Bool = false,
                zone: LocalTimeZone = .current) {
        self.alarms = alarms
        self.state = state
        self.pausedUntil = pausedUntil
        self.after = after
        self.includingHeld = includingHeld
        self.zone = zone
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol {
        private let timeline: RingTimeline
        /// Rings waiting to be taken as (instant, alarm index, snooze), latest first so the earliest
        /// is `popLast`; small tuples rather than `Ring`s keep 10,000 alarms cheap to sort.
        private var pending: [(at: Int, index: Int, order: Int)] = []
        /// A snooze's end sorts before a scheduled ring of the same alarm at the same second.
        private static let snooze = 0, scheduled = 1

        fileprivate init(_ timeline: RingTimeline) {
            self.timeline = timeline
            let from = timeline.includingHeld ? timeline.after : PauseRule.start(after: timeline.after, pausedUntil: timeline.pausedUntil, zone: timeline.zone)
            pending.reserveCapacity(timeline.alarms.count)
            for (index, alarm) in timeline.alarms.enumerated() {
                if let at = alarm.nextRing(after: from, state: timeline.state.schedule.state(for: alarm), zone: timeline.zone) {
                    pending.append((at, index, Self.scheduled))
                }
                // Switching an alarm off also ends its snooze.
                if alarm.enabled, let snooze = timeline.state.snoozes[alarm.stateKey], snooze.until > timeline.after,
                   timeline.includingHeld || !PauseRule.holds(snooze.until, pausedUntil: timeline.pausedUntil, zone: timeline.zone) {
                    pending.append((snooze.until, index, Self.snooze))
                }
            }
            pending.sort { ($0.at, $0.index, $0.order) > ($1.at, $1.index, $1.order) }
        }

        public mutating func next() -> Ring? {
            guard let (at, index, order) = pending.popLast() else { return nil }
            let alarm = timeline.alarms[index]
            if order == Self.scheduled, !alarm.ringsOnce, let following = alarm.nextRing(after: at, state: timeline.state.schedule.state(for: alarm), zone: timeline.zone) {
                let place = pending.partitioningIndex { ($0.at, $0.index, $0.order) < (following, index, Self.scheduled) }
                pending.insert((following, index, Self.scheduled), at: place)
            }
            return Ring(alarm: alarm, at: at, isSnooze: order == Self.snooze)
        }
    }
}
