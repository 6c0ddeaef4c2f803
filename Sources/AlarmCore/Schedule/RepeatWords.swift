/// When an alarm repeats, in the reader's language, for `list`'s table: `werktags`,
/// `alle 2 Wochen am Mo, Do`, `매년 12월 24일`. `description` stays the file's own English words
/// for `--json`'s `pattern`, `remove --json` and the log.
extension AlarmRepeat {
    public var words: String {
        switch self {
        case let .weekly(days): return days.listWords
        case let .date(date): return date.description
        case .once: return tr("once")
        case let .calendar(rule): return rule.words
        }
    }
}

extension CalendarRule {
    /// The values every message below may use, so a translation picks its own: `{n}` the count,
    /// `{day}` a day of the month as a number, `{ordinal}` the English ordinal (`1st`).
    public var words: String {
        switch self {
        case let .everyDays(n, from):
            let values = ["n": String(n), "date": from.description]
            return n == 1 ? tr("daily from {date}", values) : tr("every {n} days from {date}", values)
        case let .everyWeeks(n, days, _):
            let values = ["n": String(n), "days": days.abbreviations]
            return n == 1 ? tr("every week on {days}", values) : tr("every {n} weeks on {days}", values)
        case let .monthlyDay(day):
            guard day != -1 else { return tr("last day of the month") }
            return tr("{ordinal} of the month", ["ordinal": SpokenTime.ordinal(day), "day": String(day)])
        case let .monthlyWeekday(ordinal, weekday):
            let name = TimeFormat.weekdays[weekday.rawValue]
            guard ordinal != -1 else { return tr("last {weekday} of the month", ["weekday": name]) }
            return tr("{ordinal} {weekday} of the month",
                      ["ordinal": SpokenTime.ordinal(ordinal), "n": String(ordinal), "weekday": name])
        case let .yearly(month, day):
            return tr("{day} {month} yearly", ["day": String(day), "month": TimeFormat.months[month - 1]])
        }
    }
}

extension WeekdaySet {
    /// A group's name (`weekdays`) or the days as the file spells them (`mon,thu`), each in the
    /// reader's language.
    package var listWords: String {
        switch self {
        case .daily: return trc("days", "daily")
        case .weekdays: return trc("days", "weekdays")
        case .weekends: return trc("days", "weekends")
        default:
            let names = [trc("day", "sun"), trc("day", "mon"), trc("day", "tue"), trc("day", "wed"),
                         trc("day", "thu"), trc("day", "fri"), trc("day", "sat")]
            return Weekday.mondayFirst.filter(contains).map { names[$0.rawValue] }.joined(separator: ",")
        }
    }

    /// `Mon, Thu` in the reader's language.
    package var abbreviations: String {
        Weekday.mondayFirst.filter(contains).map { TimeFormat.weekdays[$0.rawValue] }.joined(separator: ", ")
    }
}
