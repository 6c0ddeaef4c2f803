/// A day of the proleptic Gregorian calendar, `YYYY-MM-DD`, with no time zone attached.
/// Day arithmetic is done on day numbers (days since 1970-01-01), not through the C library,
/// so it is exact for any year.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public init(parsing text: String) throws(ValueError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw ValueError(tr("invalid date \"{value}\" (expected YYYY-MM-DD)", ["value": text]))
        }
        let (year, month, day) = (Int(parts[0])!, Int(parts[1])!, Int(parts[2])!)
        guard (1...12).contains(month) else {
            throw ValueError(tr("month {value} out of range (01-12)", ["value": String(month)]))
        }
        let length = Self.daysIn(month: month, year: year)
        guard (1...length).contains(day) else {
            throw ValueError(tr("day {value} out of range for {month} {year} (01-{last})", [
                "value": String(day), "month": Self.monthNames[month - 1], "year": String(year), "last": String(length),
            ]))
        }
        self.init(year: year, month: month, day: day)
    }

    package static var monthNames: [String] {
        [trc("month", "January"), trc("month", "February"), trc("month", "March"), trc("month", "April"),
         trc("month", "May"), trc("month", "June"), trc("month", "July"), trc("month", "August"),
         trc("month", "September"), trc("month", "October"), trc("month", "November"), trc("month", "December")]
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number (`civil_from_days`).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber + 4) % 7 + 7) % 7
        return Weekday(rawValue: index)!
    }

    public var description: String {
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-"
            + TimeOfDay.twoDigits(month) + "-" + TimeOfDay.twoDigits(day)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
