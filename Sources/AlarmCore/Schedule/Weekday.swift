/// A day of the week, numbered like C's `tm_wday` (Sunday is 0).
public enum Weekday: Int, Sendable, CaseIterable, Comparable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday

    // A table rather than `String(describing:)`, which goes through reflection and dominated
    // the time to validate a 10,000-alarm file.
    private static let fullNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let shortNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// `mon`: how alarms files and `list` spell it.
    public var shortName: String { Self.shortNames[rawValue] }
    public var fullName: String { Self.fullNames[rawValue] }
    /// `Mon`, for dates in messages.
    public var abbreviation: String { shortName.prefix(1).uppercased() + shortName.dropFirst() }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }

    /// As people read a week.
    package static let mondayFirst: [Weekday] = Array(allCases.dropFirst()) + [.sunday]
}

/// The days a repeating alarm rings on.
public struct WeekdaySet: Sendable, Hashable, CustomStringConvertible {
    public private(set) var bits: UInt8

    public init(_ days: some Sequence<Weekday>) {
        bits = days.reduce(0) { $0 | 1 << UInt8($1.rawValue) }
    }

    public static let daily = WeekdaySet(Weekday.allCases)
    public static let weekdays = WeekdaySet([.monday, .tuesday, .wednesday, .thursday, .friday])
    public static let weekends = WeekdaySet([.saturday, .sunday])

    package static let groups: [(String, WeekdaySet)] = [("daily", .daily), ("weekdays", .weekdays), ("weekends", .weekends)]

    public func contains(_ day: Weekday) -> Bool { bits & 1 << UInt8(day.rawValue) != 0 }
    public var isEmpty: Bool { bits == 0 }
    public var days: [Weekday] { Weekday.allCases.filter(contains) }

    public mutating func formUnion(_ other: WeekdaySet) { bits |= other.bits }

    /// One name: `mon`, `Monday`, `MON`, or a group (`daily`, `weekdays`, `weekends`).
    public init(parsingName text: String) throws(ValueError) {
        let word = text.lowercased()
        if let (_, group) = Self.groups.first(where: { $0.0 == word }) {
            self = group
            return
        }
        if let day = Weekday.allCases.first(where: { $0.shortName == word || $0.fullName == word }) {
            self.init([day])
            return
        }
        let names = Weekday.allCases.map(\.shortName) + Weekday.allCases.map(\.fullName) + Self.groups.map(\.0)
        let hint = Suggestion.closest(to: word, in: names).map { tr(" (did you mean \"{name}\"?)", ["name": $0]) } ?? ""
        throw ValueError(tr("unknown weekday \"{value}\"{hint}", ["value": text, "hint": hint]))
    }

    /// A comma-separated list as typed on the command line: `mon,wed,fri`, `weekdays`.
    public init(parsingList text: String) throws(ValueError) {
        var result = WeekdaySet([])
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingSpaces
            guard !trimmed.isEmpty else { throw ValueError(tr("empty weekday in \"{value}\"", ["value": text])) }
            result.formUnion(try WeekdaySet(parsingName: trimmed))
        }
        self = result
    }

    /// The group name when it is one (`weekdays`), else the days (`mon,wed,fri`).
    public var description: String {
        if let (name, _) = Self.groups.first(where: { $0.1 == self }) { return name }
        return names.joined(separator: ",")
    }

    /// Short names Monday first, as people read a week: `["mon", "wed", "sun"]`.
    public var names: [String] {
        Weekday.mondayFirst.filter(contains).map(\.shortName)
    }
}

extension Substring {
    package var trimmingSpaces: String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[first...last])
    }
}
