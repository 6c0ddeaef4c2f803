/// How instants are shown: to people in their language (`Mon 07 Dec 2026 06:45:00 CET`,
/// `in 14h 2m`; `12월 07일 (월) 06:45`) and to programs and logs (ISO 8601 local time with its
/// UTC offset, never translated).
public struct TimeFormat: Sendable {
    public var zone: LocalTimeZone
    public var clock: ClockStyle

    public init(zone: LocalTimeZone = .current, clock: ClockStyle = .current) {
        self.zone = zone
        self.clock = clock
    }

    // Spelled out call by call so that xgettext finds every name.
    package static var weekdays: [String] {
        [trc("weekday", "Sun"), trc("weekday", "Mon"), trc("weekday", "Tue"), trc("weekday", "Wed"), trc("weekday", "Thu"),
         trc("weekday", "Fri"), trc("weekday", "Sat")]
    }

    package static var months: [String] {
        [trc("month", "Jan"), trc("month", "Feb"), trc("month", "Mar"), trc("month", "Apr"), trc("month", "May"),
         trc("month", "Jun"), trc("month", "Jul"), trc("month", "Aug"), trc("month", "Sep"), trc("month", "Oct"),
         trc("month", "Nov"), trc("month", "Dec")]
    }

    /// `Mon 07 Dec 2026 06:45:00 CET`
    public func human(_ instant: Int) -> String {
        let local = zone.localTime(at: instant)
        return trc("date", "{weekday} {day} {month} {year} {time} {zone}", dateValues(local.date).merging([
            "year": String(local.date.year), "time": clock.text(local.time, seconds: true), "zone": local.abbreviation,
        ]) { $1 })
    }

    /// `Mon 07 Dec 06:45` (seconds only when not zero), for one-line summaries; seen `from` a
    /// moment half a year or more away, with its year (`Fri 03 Dec 2027 14:30`), as `ls -l` does:
    /// a year ahead looks like today otherwise.
    public func short(_ instant: Int, from now: Int? = nil) -> String {
        let local = zone.localTime(at: instant)
        let values = dateValues(local.date).merging(["time": clock.text(local.time)]) { $1 }
        if let now, abs(instant - now) >= Self.yearShownFrom {
            return trc("date", "{weekday} {day} {month} {year} {time}", values.merging(["year": String(local.date.year)]) { $1 })
        }
        return trc("date", "{weekday} {day} {month} {time}", values)
    }

    /// Half a year: nearer dates are told by their day and month alone.
    package static let yearShownFrom = 183 * 86_400

    /// `Fri 25 Dec`: the day of an instant, for lines about whole days.
    public func day(_ instant: Int) -> String {
        trc("date", "{weekday} {day} {month}", dateValues(zone.localTime(at: instant).date))
    }

    private func dateValues(_ date: CalendarDate) -> [String: String] {
        // `day` two digits, as English dates here are written (`Wed 02 Dec`); `dayNumber` as
        // German and Korean write it (`Mi., 2. Dez.`, `12월 2일 (수)`).
        ["weekday": Self.weekdays[date.weekday.rawValue], "day": TimeOfDay.twoDigits(date.day), "dayNumber": String(date.day),
         "month": Self.months[date.month - 1]]
    }

    /// `2027-03-28T03:00:00+02:00`
    public func iso(_ instant: Int) -> String {
        let local = zone.localTime(at: instant)
        return isoDateTime(local) + Self.offset(local.utcOffset)
    }

    /// `2026-12-07T06:45:00.002+01:00`, for log lines.
    public func isoMilliseconds(_ instant: Instant) -> String {
        let local = zone.localTime(at: instant.seconds)
        let millis = instant.nanoseconds / 1_000_000
        let fraction = String(millis + 1000).dropFirst()
        return isoDateTime(local) + "." + fraction + Self.offset(local.utcOffset)
    }

    private func isoDateTime(_ local: LocalDateTime) -> String {
        let time = TimeOfDay.twoDigits(local.time.hour) + ":" + TimeOfDay.twoDigits(local.time.minute) + ":"
            + TimeOfDay.twoDigits(local.time.second)
        return "\(local.date)T\(time)"
    }

    /// `+01:00`, `-04:00`, `+10:30`, `+00:00`.
    package static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + TimeOfDay.twoDigits(minutes / 60) + ":" + TimeOfDay.twoDigits(minutes % 60)
    }

    /// `in 14h 2m`, `in 3d 4h`, `in 45s`, `now`, `5m ago`: the two largest units, rounded down.
    public static func relative(from now: Int, to instant: Int) -> String {
        let distance = abs(instant - now)
        guard distance > 0 else { return trc("relative", "now") }
        let units: [(Int, (Int) -> String)] = [
            (86_400, { trc("duration", "{n}d", ["n": String($0)]) }), (3600, { trc("duration", "{n}h", ["n": String($0)]) }),
            (60, { trc("duration", "{n}m", ["n": String($0)]) }), (1, { trc("duration", "{n}s", ["n": String($0)]) }),
        ]
        let first = units.firstIndex { distance >= $0.0 }!
        var parts = [units[first].1(distance / units[first].0)]
        if first + 1 < units.count {
            let (size, name) = units[first + 1]
            let rest = distance % units[first].0 / size
            if rest > 0 { parts.append(name(rest)) }
        }
        let text = parts.joined(separator: " ")
        return instant > now ? trc("relative", "in {duration}", ["duration": text]) : trc("relative", "{duration} ago", ["duration": text])
    }
}
