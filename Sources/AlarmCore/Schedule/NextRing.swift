extension Alarm {
    /// The first time strictly after `after` (epoch seconds) that this alarm rings, given its
    /// persisted state; nil when it never rings again (off, done, a date in the past).
    /// "Strictly": asked exactly at a ring, the answer is the following ring.
    public func nextRing(after: Int, state: AlarmState? = nil, zone: LocalTimeZone = .current) -> Int? {
        nextRing(after: after, state: state, zone: zone, honouringSkips: true)
    }

    /// `honouringSkips: false` gives the ring a skip hides, so `status` can tell "skipped". A
    /// shifted ring (`shift`) is not where the schedule puts it but where it was moved, either way.
    package func nextRing(after: Int, state: AlarmState?, zone: LocalTimeZone, honouringSkips: Bool) -> Int? {
        var found: Int?
        walkRings(after: after, state: state, zone: zone, honouringSkips: honouringSkips) { ring, reason in
            if reason == nil { found = ring }
            return reason != nil
        }
        return found
    }

    /// The next ring after `after`, and the rings before it that something skips, with why.
    public func nextRingExplained(after: Int, state: AlarmState? = nil, zone: LocalTimeZone = .current) -> (ring: Int?, skipped: [SkippedRing]) {
        var found: Int?
        var skipped: [SkippedRing] = []
        walkRings(after: after, state: state, zone: zone, honouringSkips: true) { ring, reason in
            guard let reason else {
                found = ring
                return false
            }
            skipped.append(SkippedRing(alarm: self, at: ring, reason: reason))
            return true
        }
        return (found, skipped)
    }

    /// The first ring after `after` and before `before` that something skips, rings between passed over.
    public func nextSkip(after: Int, before: Int, state: AlarmState? = nil, zone: LocalTimeZone = .current) -> SkippedRing? {
        guard !except.isEmpty || !skipDays.isEmpty || fromCalendar != nil || skip != nil || state?.skippedOccurrence != nil else { return nil }
        var found: SkippedRing?
        walkRings(after: after, state: state, zone: zone, honouringSkips: true) { ring, reason in
            guard ring < before else { return false }
            if let reason { found = SkippedRing(alarm: self, at: ring, reason: reason) }
            return found == nil
        }
        return found
    }

    /// The rings the alarm's pattern names after `after`, in order, each with what skips it (nil:
    /// it rings), until `visit` returns false. A one-shot names one ring.
    private func walkRings(
        after: Int, state: AlarmState?, zone: LocalTimeZone, honouringSkips: Bool, _ visit: (Int, SkipReason?) -> Bool
    ) {
        guard enabled else { return }
        let state = state.flatMap { $0.fingerprint == fingerprint ? $0 : nil }
        guard state?.done != true else { return }
        let skipped = honouringSkips ? [skip, state?.skippedOccurrence].compactMap { $0 } : []
        // A ring moved once (`alarmplay shift`) rings where it was moved, whatever skipped its
        // scheduled second, unless a one-time skip names the new one; once passed, it is gone.
        func visitMoved(_ ring: Int, _ reason: SkipReason?) -> Bool {
            guard let shift, ring == shift.from else { return visit(ring, reason) }
            guard shift.to > after else { return true }
            return visit(shift.to, skipped.contains(shift.to) ? .skippedOnce : nil)
        }
        switch repeats {
        case let .weekly(days):
            repeating(after: after, skipped: skipped, zone: zone, visitMoved) { date in
                (0..<7).lazy.map { date.adding(days: $0) }.first { days.contains($0.weekday) }
            }
        case let .calendar(rule):
            repeating(after: after, skipped: skipped, zone: zone, visitMoved, rule.firstDate(onOrAfter:))
        case let .date(date):
            guard let ring = zone.instant(of: date, at: time), counts(ring, after: after) else { return }
            _ = visitMoved(ring, skipped.contains(ring) ? .skippedOnce : nil)
        case .once:
            let armed = state?.armedAt ?? after
            guard let ring = Self.firstOccurrence(of: time, on: .daily, after: armed, zone: zone), counts(ring, after: after) else { return }
            _ = visitMoved(ring, skipped.contains(ring) ? .skippedOnce : nil)
        }
    }

    /// A one-shot without a date rings at the first occurrence of its time after it was armed,
    /// or, before `run` has armed it, after the moment asked about: walking on from that ring
    /// would find the next day's, so whoever lists rings takes one of it and no more.
    public var ringsOnce: Bool {
        if case .once = repeats { return true }
        return false
    }

    /// A ring after `after`, or one whose moved ring (`shift`) is still after it.
    private func counts(_ ring: Int, after: Int) -> Bool {
        ring > after || (shift.map { $0.from == ring && $0.to > after } ?? false)
    }

    /// The rings of a repeating pattern after `after`: `nextDate` gives the first date on or after
    /// a date that the pattern names; `except` dates and the days of `skipDays` calendars are
    /// skipped, nothing rings after `until`, and the time of day follows the zone's rules (a time
    /// a DST change skips rings at the first instant after it).
    private func repeating(
        after: Int, skipped: [Int], zone: LocalTimeZone, _ visit: (Int, SkipReason?) -> Bool,
        _ nextDate: (CalendarDate) -> CalendarDate?
    ) {
        // Start the day before: where a fall-back crosses midnight, yesterday's time can still lie ahead.
        var cursor = zone.localTime(at: after).date.adding(days: -1)
        for _ in 0..<800 {
            guard let date = nextDate(cursor) else { return }
            if let until, date > until { return }
            cursor = date.adding(days: 1)
            guard let ring = zone.instant(of: date, at: time(on: date, zone: zone)), counts(ring, after: after) else { continue }
            let reason: SkipReason? = except.contains(date) ? .except
                : skipDays.reason(on: date) ?? noRing(on: date, zone: zone) ?? (skipped.contains(ring) ? .skippedOnce : nil)
            guard visit(ring, reason) else { return }
        }
    }

    /// The first instant after `after` when the local time is `time` on one of `days`.
    /// Looks two weeks ahead: enough for any weekday even when a zone skips a whole day.
    package static func firstOccurrence(of time: TimeOfDay, on days: WeekdaySet, after: Int, zone: LocalTimeZone) -> Int? {
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
    /// The end of a snooze rather than a scheduled ring.
    public var isSnooze: Bool

    public init(alarm: Alarm, at: Int, isSnooze: Bool = false) {
        self.alarm = alarm
        self.at = at
        self.isSnooze = isSnooze
    }

    /// The ring of the schedule this one replaces, when it was moved (`alarmplay shift`).
    public var shiftedFrom: Int? {
        guard !isSnooze, let shift = alarm.shift, shift.to == at else { return nil }
        return shift.from
    }
}

extension [Alarm] {
    /// The next `count` rings across all alarms, in time order (alarms due at the same second
    /// in file order), strictly after `after`.
    public func nextRings(
        after: Int, count: Int, state: ScheduleState = ScheduleState(), zone: LocalTimeZone = .current
    ) -> [Ring] {
        var daemonState = DaemonState()
        daemonState.schedule = state
        return [Ring](RingTimeline(alarms: self, state: daemonState, after: after, zone: zone).prefix(count))
    }
}

extension Array {
    /// The first index whose element satisfies `belongsAfter`, for an array already
    /// partitioned by it (binary search).
    package func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
