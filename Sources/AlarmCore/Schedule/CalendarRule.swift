/// The repeats beyond a weekly set of days: every N days or weeks from a date, a day of the month,
/// a weekday of the month, a day of the year. Pure calendar arithmetic on local dates; the time of
/// day and its time zone rules are applied by `nextRing`.
public enum CalendarRule: Sendable, Equatable, CustomStringConvertible {
    /// Every `n` days, counted from `from`.
    case everyDays(Int, from: CalendarDate)
    /// On `days` of every `n`-th week, counted from the week (Monday first) of `from`.
    case everyWeeks(Int, WeekdaySet, from: CalendarDate)
    /// Day `n` of the month (`-1`: the last day). A month without that day is skipped.
    case monthlyDay(Int)
    /// The `n`-th `weekday` of the month (1...4, `-1`: the last).
    case monthlyWeekday(Int, Weekday)
    /// Every year on `month`-`day`; 29 February rings only in leap years.
    case yearly(month: Int, day: Int)

    /// The first date on or after `date` that the rule names; nil when there is none.
    public func firstDate(onOrAfter date: CalendarDate) -> CalendarDate? {
        switch self {
        case let .everyDays(n, from):
            guard date > from else { return from }
            let steps = (date.dayNumber - from.dayNumber + n - 1) / n
            return from.adding(days: steps * n)
        case let .everyWeeks(n, days, from):
            let start = max(date, from)
            let firstMonday = Self.monday(of: from).dayNumber
            for offset in 0..<(7 * n + 7) {
                let candidate = start.adding(days: offset)
                let week = (candidate.dayNumber - firstMonday) / 7
                if week % n == 0, days.contains(candidate.weekday) { return candidate }
            }
            return nil
        case let .monthlyDay(day):
            return Self.months(from: date).lazy.compactMap { year, month -> CalendarDate? in
                let length = CalendarDate.daysIn(month: month, year: year)
                let wanted = day == -1 ? length : day
                guard wanted <= length else { return nil }
                let candidate = CalendarDate(year: year, month: month, day: wanted)
                return candidate >= date ? candidate : nil
            }.first
        case let .monthlyWeekday(ordinal, weekday):
            return Self.months(from: date).lazy.compactMap { year, month -> CalendarDate? in
                let candidate = Self.weekday(weekday, ordinal: ordinal, year: year, month: month)
                return candidate >= date ? candidate : nil
            }.first
        case let .yearly(month, day):
            // Eight years reach the next 29 February from anywhere.
            for year in date.year...(date.year + 8) where day <= CalendarDate.daysIn(month: month, year: year) {
                let candidate = CalendarDate(year: year, month: month, day: day)
                if candidate >= date { return candidate }
            }
            return nil
        }
    }

    /// "every 2 weeks on Mon, Fri", "1st Mon of the month", "24 Dec yearly".
    public var description: String {
        switch self {
        case let .everyDays(n, from): return n == 1 ? "daily from \(from)" : "every \(n) days from \(from)"
        case let .everyWeeks(n, days, _): return (n == 1 ? "every week" : "every \(n) weeks") + " on \(days.words)"
        case let .monthlyDay(day): return day == -1 ? "last day of the month" : "\(SpokenTime.ordinal(day)) of the month"
        case let .monthlyWeekday(ordinal, weekday):
            return "\(ordinal == -1 ? "last" : SpokenTime.ordinal(ordinal)) \(weekday.abbreviation) of the month"
        case let .yearly(month, day): return "\(day) \(SpokenTime.months[month - 1].prefix(3)) yearly"
        }
    }

    /// Twelve months ahead and a bit: far enough for any day of the month that exists.
    private static func months(from date: CalendarDate) -> [(year: Int, month: Int)] {
        (0..<14).map { offset in
            let index = date.month - 1 + offset
            return (date.year + index / 12, index % 12 + 1)
        }
    }

    package static func monday(of date: CalendarDate) -> CalendarDate {
        date.adding(days: -((date.weekday.rawValue + 6) % 7))
    }

    package static func weekday(_ weekday: Weekday, ordinal: Int, year: Int, month: Int) -> CalendarDate {
        if ordinal == -1 {
            let last = CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))
            return last.adding(days: -((last.weekday.rawValue - weekday.rawValue + 7) % 7))
        }
        let first = CalendarDate(year: year, month: month, day: 1)
        return first.adding(days: (weekday.rawValue - first.weekday.rawValue + 7) % 7 + 7 * (ordinal - 1))
    }
}

extension WeekdaySet {
    /// `Mon, Fri` for patterns in words.
    package var words: String {
        Weekday.mondayFirst.filter(contains).map(\.abbreviation).joined(separator: ", ")
    }
}
