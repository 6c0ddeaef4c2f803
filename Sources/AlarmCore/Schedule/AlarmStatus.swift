/// Where an alarm stands, as `list` shows it: `in 7h 12m`, `skipped once`, `done`, `off`.
public enum AlarmStatus: Sendable, Equatable {
    case off
    /// Will not ring again (a one-shot that rang, a date in the past).
    case done
    /// Its next occurrence is skipped; `next` is the ring after that, if any.
    case skipped(next: Int?)
    case rings(at: Int)
    /// Its next ring was moved (`alarmplay shift`) from `from` to `at`.
    case shifted(at: Int, from: Int)
    /// It rang and was snoozed: it rings again at `until`.
    case snoozed(until: Int)
}

extension Alarm {
    public func status(now: Int, state: AlarmState? = nil, zone: LocalTimeZone = .current) -> AlarmStatus {
        guard enabled else { return .off }
        let next = nextRing(after: now, state: state, zone: zone)
        // Skipped only when the ring a skip hides is the very next one: a stale skip (its time
        // has passed) or one naming no ring of this alarm changes nothing.
        if let hidden = nextRing(after: now, state: state, zone: zone, honouringSkips: false), hidden != next {
            return .skipped(next: next)
        }
        guard let next else { return .done }
        if let shift, shift.to == next { return .shifted(at: next, from: shift.from) }
        return .rings(at: next)
    }
}
