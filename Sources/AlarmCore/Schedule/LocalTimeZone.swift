#if canImport(Glibc)
import Glibc
#endif

/// A local date and time as the process's time zone shows an instant.
public struct LocalDateTime: Sendable, Equatable {
    public var date: CalendarDate
    public var time: TimeOfDay
    /// Seconds east of UTC (`3600` for CET).
    public var utcOffset: Int
    /// `CET`, `CEST`, `+1030`: what the zone database calls it.
    public var abbreviation: String
}

/// The process's time zone (`TZ`, else `/etc/localtime`) through the C library, which reads the
/// system zoneinfo in every build (Foundation's `TimeZone` may have no data in a static build).
/// The zone is process-wide C state: call `LocalTimeZone.reload()` after changing `TZ`.
public struct LocalTimeZone: Sendable {
    public static let current = LocalTimeZone()

    /// Re-reads `TZ` (glibc reads it once, on first use).
    public static func reload() {
        tzset()
    }

    public func localTime(at instant: Int) -> LocalDateTime {
        var seconds = time_t(instant)
        var parts = tm()
        localtime_r(&seconds, &parts)
        // tm_sec is 60 during a leap second in "right/" zones; alarms never name that second.
        return LocalDateTime(
            date: CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
            time: TimeOfDay(hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: min(Int(parts.tm_sec), 59)),
            utcOffset: parts.tm_gmtoff,
            abbreviation: parts.tm_zone.map { String(cString: $0) } ?? ""
        )
    }

    public func utcOffset(at instant: Int) -> Int {
        var seconds = time_t(instant)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts.tm_gmtoff
    }

    /// The instant a local date and time names, by the alarm rules:
    /// - a time that occurs twice (fall-back) is its first occurrence;
    /// - a time that does not occur (spring-forward gap) is the first instant after the gap,
    ///   e.g. 02:30 on Berlin's spring-forward day is 03:00 CEST;
    /// - nil when the gap swallows the rest of the day, as on Pacific/Apia's skipped 2011-12-30:
    ///   that day has no such time at all.
    public func instant(of date: CalendarDate, at time: TimeOfDay) -> Int? {
        // The wall time read as if it were UTC; the answer is `wall - offset` for the offset in
        // force then. Offsets one day either side cover any single transition near it.
        let wall = date.dayNumber * 86_400 + time.secondsIntoDay
        var offsets: [Int] = []
        for probe in [wall - 86_400, wall, wall + 86_400] {
            let offset = utcOffset(at: probe)
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        let matches = offsets.map { wall - $0 }.filter { wall - utcOffset(at: $0) == $0 }
        if let first = matches.min() { return first }
        guard let low = offsets.max().map({ wall - $0 }), let high = offsets.min().map({ wall - $0 }) else { return nil }
        let transition = firstInstant(after: wall, from: low, to: high)
        return localTime(at: transition).date == date ? transition : nil
    }

    /// The first instant in (low, high] whose local wall time is past `wall`: the end of a gap.
    private func firstInstant(after wall: Int, from low: Int, to high: Int) -> Int {
        var low = low
        var high = high
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if middle + utcOffset(at: middle) > wall {
                high = middle
            } else {
                low = middle
            }
        }
        return high
    }
}
