#if canImport(Glibc)
import Glibc
#endif

/// How the locale writes a time of day: 24-hour (`18:30`) or 12-hour with its own words for
/// the halves of the day (`6:30 PM`, `오후 6:30`), as `LC_TIME`'s time format says.
public struct ClockStyle: Sendable {
    /// Nil for a 24-hour clock; else the words for before and after noon.
    public var halves: (am: String, pm: String)?

    public static let twentyFourHour = ClockStyle(halves: nil)

    public init(halves: (am: String, pm: String)?) {
        self.halves = halves
    }

    /// From `nl_langinfo(T_FMT)`: `%I`, `%l` or `%r` mean twelve hours (`C` says `%T`, `de_DE`
    /// and `ko_KR` a 24-hour `%H`; `en_US` says `%r`).
    public static var current: ClockStyle {
        let format = String(cString: nl_langinfo(nl_item(T_FMT)))
        guard ["%I", "%l", "%r"].contains(where: { format.contains($0) }) else { return .twentyFourHour }
        let am = String(cString: nl_langinfo(nl_item(AM_STR)))
        let pm = String(cString: nl_langinfo(nl_item(PM_STR)))
        return ClockStyle(halves: (am.isEmpty ? "AM" : am, pm.isEmpty ? "PM" : pm))
    }

    /// `06:45`, `18:30:15`; or `6:45 AM`, `12:05 PM`, `12:00 AM` on a twelve-hour clock. Seconds
    /// when they are not zero, or always with `seconds`.
    public func text(_ time: TimeOfDay, seconds: Bool = false) -> String {
        let showsSeconds = seconds || time.second != 0
        guard let halves else {
            let base = TimeOfDay.twoDigits(time.hour) + ":" + TimeOfDay.twoDigits(time.minute)
            return showsSeconds ? base + ":" + TimeOfDay.twoDigits(time.second) : base
        }
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        var clock = "\(hour):\(TimeOfDay.twoDigits(time.minute))"
        if showsSeconds { clock += ":" + TimeOfDay.twoDigits(time.second) }
        return tr("{time} {half}", ["time": clock, "half": time.hour < 12 ? halves.am : halves.pm])
    }
}
