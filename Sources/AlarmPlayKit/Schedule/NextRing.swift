extension Alarm {
    /// The first time strictly after `after` (epoch seconds) that this alarm rings, given its
    /// persisted state; nil when it never rings again (off, done, a date in the past).
    /// "Strictly": asked exactly at a ring, the answer is the following ring.
    public func nextRing(after: Int, state: AlarmState? = nil, zone: LocalTimeZone = .current) -> Int? {
        guard enabled else { return nil }
        let state = state.flatMap { $0.fingerprint == fingerprint ? $0 : nil }
        guard state?.done != true else { return nil }
        switch repeats {
        case let .weekly(days):
            var from = after
            while let ring = Self.firstOccurrence(of: time, on: days, after: from, zone: zone) {
                if ring != state?.skippedOccurrence { return ring }
                from = ring
            }
            return nil
        case let .date(date):
            guard let ring = zone.instant(of: date, at: time), ring > after, ring != state?.skippedOccurrence else {
                return nil
            }
            return ring
        case .once:
            let armed = state?.armedAt ?? after
            guard let ring = Self.firstOccurrence(of: time, on: .daily, after: armed, zone: zone),
                ring > after, ring != state?.skippedOccurrence
            else { return nil }
            return ring
        }
    }

    /// The first instant after `after` when the local time is `time` on one of `days`.
    /// Looks two weeks ahead: enough for any weekday even when a zone skips a whole day.
    static func firstOccurrence(of time: TimeOfDay, on days: WeekdaySet, after: Int, zone: LocalTimeZone) -> Int? {
        guard !days.isEmpty else { return nil }
        // Start the day before: where a fall-back crosses midnight, yesterday's time can still lie ahead.
        let start = zone.localTime(at: after).date.adding(days: -1)
        for offset in 0..<16 {
            let date = start.adding(days: offset)
            guard days.contains(date.weekday), let ring = zone.instant(of: date, at: time) else { continue }
            if ring > after { return ring }
        }
        return nil
    }
}

/// One upcoming ring of one alarm.
public struct Ring: Sendable, Equatable {
    public var alarm: Alarm
    /// Epoch seconds.
    public var at: Int

    public init(alarm: Alarm, at: Int) {
        self.alarm = alarm
        self.at = at
    }
}

extension [Alarm] {
    /// The next `count` rings across all alarms, in time order (alarms due at the same second
    /// in file order), strictly after `after`.
    public func nextRings(
        after: Int, count: Int, state: ScheduleState = ScheduleState(), zone: LocalTimeZone = .current
    ) -> [Ring] {
        guard count > 0 else { return [] }
        // Rings waiting to be taken, kept sorted latest first so taking the earliest is removeLast.
        var pending: [Ring] = []
        pending.reserveCapacity(self.count)
        for alarm in self {
            if let at = alarm.nextRing(after: after, state: state.state(for: alarm), zone: zone) {
                pending.append(Ring(alarm: alarm, at: at))
            }
        }
        pending.sort(by: Self.later)
        var rings: [Ring] = []
        while rings.count < count, let ring = pending.popLast() {
            rings.append(ring)
            guard rings.count < count,
                let at = ring.alarm.nextRing(after: ring.at, state: state.state(for: ring.alarm), zone: zone)
            else { continue }
            let next = Ring(alarm: ring.alarm, at: at)
            let index = Self.insertionIndex(of: next, in: pending)
            pending.insert(next, at: index)
        }
        return rings
    }

    private static func later(_ a: Ring, _ b: Ring) -> Bool {
        (a.at, a.alarm.position) > (b.at, b.alarm.position)
    }

    private static func insertionIndex(of ring: Ring, in sorted: [Ring]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if later(sorted[middle], ring) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
