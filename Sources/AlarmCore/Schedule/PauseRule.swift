/// `alarmplay pause`: no alarm rings before a date. Pure: the rule for which rings a pause holds.
public enum PauseRule {
    /// Whether a ring at `instant` is held by a pause until `date` (local dates before it).
    public static func holds(_ instant: Int, pausedUntil date: CalendarDate?, zone: LocalTimeZone = .current) -> Bool {
        guard let date else { return false }
        return zone.localTime(at: instant).date < date
    }

    /// The first instant rings may happen again: the start of `date` (one second before, as
    /// rings are strictly after).
    public static func end(_ date: CalendarDate, zone: LocalTimeZone = .current) -> Int {
        (zone.instant(of: date, at: TimeOfDay(hour: 0, minute: 0)) ?? 0) - 1
    }

    /// Where a search for the next ring after `after` starts: past the pause in force, if any.
    /// What rings next, the feed, skip and shift all start here, so a skip made during a pause
    /// skips the first ring after it, not one the pause holds anyway.
    public static func start(after: Int, pausedUntil date: CalendarDate?, zone: LocalTimeZone = .current) -> Int {
        guard let date, holds(after, pausedUntil: date, zone: zone) else { return after }
        return max(after, end(date, zone: zone))
    }

    /// The date a pause "for `days` days" holds until: that many days of rings, counted from the
    /// day of the next ring, so it means the same at 03:00 (today's 07:00 is the first held) as at
    /// 22:30 (tomorrow's is). Without a ring ahead, from tomorrow.
    public static func until(days: Int, nextRing: Int?, now: Int, zone: LocalTimeZone = .current) -> CalendarDate {
        let first = nextRing.map { zone.localTime(at: $0).date } ?? zone.localTime(at: now).date.adding(days: 1)
        return first.adding(days: days)
    }
}
