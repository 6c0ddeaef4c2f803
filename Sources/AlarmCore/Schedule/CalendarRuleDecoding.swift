/// Reading `every` (with `from`, and `days` for weeks), `monthly` and `yearly`, and the `except`
/// and `until` limits, each problem at its own line and column.
extension AlarmFileDecoder {
    package static let ordinals = ["first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1]

    /// One pattern decides when an alarm rings; a second one is a located error naming the first.
    mutating package func decodeCalendar(_ entry: JSONValue, members: [JSONMember], pattern: JSONMember) -> CalendarRule? {
        let deciders = ["date", "every", "monthly", "yearly"] + (pattern.key == "every" ? [] : ["days"])
        if let extra = members.first(where: { deciders.contains($0.key) && $0.key != pattern.key }) {
            let later = [extra, pattern].max { $0.keyPosition < $1.keyPosition }!
            let other = later.key == pattern.key ? extra.key : pattern.key
            report(tr("\"{key}\" and \"{other}\" both say when it rings: keep one of them", ["key": later.key, "other": other]), at: later.keyPosition)
            return nil
        }
        let value = pattern.value
        switch pattern.key {
        case "every": return decodeEvery(value, entry: entry)
        case "monthly": return decodeMonthly(value)
        default: return decodeYearly(value)
        }
    }

    private mutating func decodeEvery(_ value: JSONValue, entry: JSONValue) -> CalendarRule? {
        guard let text = value.stringValue, let unit = text.last, "dw".contains(unit), let count = Int(text.dropLast()), count >= 1, count <= 520 else {
            report(Self.got(tr("every must be a count of days or weeks such as \"3d\" or \"2w\""), value), at: value.position)
            return nil
        }
        guard let fromValue = entry["from"] else {
            report(tr("\"every\" needs \"from\": the date it counts from (e.g. \"from\": \"2026-12-07\")"), at: value.position)
            return nil
        }
        guard let from = parse(fromValue, tr("{key} must be a string \"YYYY-MM-DD\"", ["key": "from"]), CalendarDate.init(parsing:)) else { return nil }
        if unit == "d" {
            if let days = entry["days"] {
                report(tr("\"every\": \"{value}\" counts days: leave out \"days\" (or count weeks, \"every\": \"2w\")", ["value": text]), at: days.position)
                return nil
            }
            return .everyDays(count, from: from)
        }
        guard let daysValue = entry["days"] else {
            return .everyWeeks(count, WeekdaySet([from.weekday]), from: from)
        }
        return decodeDays(daysValue).map { .everyWeeks(count, $0, from: from) }
    }

    private mutating func decodeMonthly(_ value: JSONValue) -> CalendarRule? {
        if let day = value.numberValue?.int {
            guard day == -1 || (1...31).contains(day) else {
                report(Self.got(tr("monthly must be a day from 1 to 31, or -1 for the last day"), value), at: value.position)
                return nil
            }
            return .monthlyDay(day)
        }
        let words = value.stringValue?.lowercased().split(separator: " ").map(String.init) ?? []
        guard words.count == 2, let ordinal = Self.ordinals[words[0]],
              let weekday = Weekday.allCases.first(where: { $0.shortName == words[1] || $0.fullName == words[1] })
        else {
            report(Self.got(tr("monthly must be a day of the month (1, -1 for the last) or a weekday such as \"first mon\" or \"last sun\""), value),
                   at: value.position)
            return nil
        }
        return .monthlyWeekday(ordinal, weekday)
    }

    private mutating func decodeYearly(_ value: JSONValue) -> CalendarRule? {
        let parts = value.stringValue?.split(separator: "-").map { Int($0) } ?? []
        guard parts.count == 2, let month = parts[0], let day = parts[1], (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: 2024)).contains(day)
        else {
            report(Self.got(tr("yearly must be a month and day \"MM-DD\" such as \"12-24\""), value), at: value.position)
            return nil
        }
        return .yearly(month: month, day: day)
    }

    /// `except` (dates it does not ring on) and `until` (its last date), for repeating alarms only.
    mutating package func decodeLimits(_ entry: JSONValue, repeats: AlarmRepeat) -> (Set<CalendarDate>, CalendarDate?) {
        var except: Set<CalendarDate> = []
        if let value = entry["except"] {
            guard !repeats.isOneShot else {
                report(tr("\"{key}\" is for repeating alarms (days, every, monthly, yearly)", ["key": "except"]), at: value.position)
                return ([], nil)
            }
            guard let list = value.arrayValue else {
                report(Self.got(tr("except must be a list of dates such as [\"2026-12-24\", \"2026-12-25\"]"), value), at: value.position)
                return ([], nil)
            }
            for date in list {
                if let day = parse(date, tr("except must hold dates \"YYYY-MM-DD\""), CalendarDate.init(parsing:)) { except.insert(day) }
            }
        }
        var until: CalendarDate?
        if let value = entry["until"] {
            if repeats.isOneShot {
                report(tr("\"{key}\" is for repeating alarms (days, every, monthly, yearly)", ["key": "until"]), at: value.position)
            } else {
                until = parse(value, tr("{key} must be a string \"YYYY-MM-DD\"", ["key": "until"]), CalendarDate.init(parsing:))
            }
        }
        return (except, until)
    }
}
