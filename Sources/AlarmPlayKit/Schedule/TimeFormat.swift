/// How instants are shown: to people (`Mon 07 Dec 2026 06:45:00 CET`, `in 14h 2m`) and to
/// programs and logs (ISO 8601 local time with its UTC offset).
public struct TimeFormat: Sendable {
    public var zone: LocalTimeZone

    public init(zone: LocalTimeZone = .current) {
        self.zone = zone
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Mon 07 Dec 2026 06:45:00 CET`
    public func human(_ instant: Int) -> String {
        let local = zone.localTime(at: instant)
        let time = TimeOfDay.twoDigits(local.time.hour) + ":" + TimeOfDay.twoDigits(local.time.minute) + ":"
            + TimeOfDay.twoDigits(local.time.second)
        return "\(dayAndMonth(local.date)) \(local.date.year) \(time) \(local.abbreviation)"
    }

    /// `Mon 07 Dec 06:45` (seconds only when not zero), for one-line summaries.
    public func short(_ instant: Int) -> String {
        let local = zone.localTime(at: instant)
        return "\(dayAndMonth(local.date)) \(local.time)"
    }

    /// `Fri 25 Dec`: the day of an instant, for lines about whole days.
    public func day(_ instant: Int) -> String {
        dayAndMonth(zone.localTime(at: instant).date)
    }

    private func dayAndMonth(_ date: CalendarDate) -> String {
        "\(date.weekday.abbreviation) \(TimeOfDay.twoDigits(date.day)) \(Self.months[date.month - 1])"
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
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + TimeOfDay.twoDigits(minutes / 60) + ":" + TimeOfDay.twoDigits(minutes % 60)
    }

    /// `in 14h 2m`, `in 3d 4h`, `in 45s`, `now`, `5m ago`: the two largest units, rounded down.
    public static func relative(from now: Int, to instant: Int) -> String {
        let distance = abs(instant - now)
        guard distance > 0 else { return "now" }
        let units = [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")]
        let first = units.firstIndex { distance >= $0.0 }!
        var parts = ["\(distance / units[first].0)\(units[first].1)"]
        if first + 1 < units.count {
            let (size, name) = units[first + 1]
            let rest = distance % units[first].0 / size
            if rest > 0 { parts.append("\(rest)\(name)") }
        }
        let text = parts.joined(separator: " ")
        return instant > now ? "in " + text : text + " ago"
    }
}
