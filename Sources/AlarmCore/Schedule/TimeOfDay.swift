/// A 24-hour local wall-clock time, `06:45` or `14:30:15`.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int = 0) {
        precondition((0..<24).contains(hour) && (0..<60).contains(minute) && (0..<60).contains(second))
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `HH:MM` or `HH:MM:SS`; a one-digit hour (`7:05`) is accepted too.
    public init(parsing text: String) throws(ValueError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let shapeIsValid = (2...3).contains(parts.count)
            && (1...2).contains(parts[0].count)
            && parts.dropFirst().allSatisfy { $0.count == 2 }
            && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        guard shapeIsValid else {
            throw ValueError(tr("invalid time \"{value}\" (expected HH:MM or HH:MM:SS, 24-hour)", ["value": text]))
        }
        let numbers = parts.map { Int($0)! }
        try Self.check(tr("hour {value} out of range (00-{last})"), numbers[0], below: 24)
        try Self.check(tr("minute {value} out of range (00-{last})"), numbers[1], below: 60)
        if numbers.count == 3 { try Self.check(tr("second {value} out of range (00-{last})"), numbers[2], below: 60) }
        self.init(hour: numbers[0], minute: numbers[1], second: numbers.count == 3 ? numbers[2] : 0)
    }

    /// `message` has `{value}` and `{last}`, the highest value allowed.
    private static func check(_ message: @autoclosure () -> String, _ value: Int, below limit: Int) throws(ValueError) {
        guard value < limit else {
            throw ValueError(message().filling(["value": String(value), "last": String(limit - 1)]))
        }
    }

    public var secondsIntoDay: Int { hour * 3600 + minute * 60 + second }

    /// `06:45`, with seconds only when they are not zero (`14:30:15`).
    public var description: String {
        let base = Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
        return second == 0 ? base : base + ":" + Self.twoDigits(second)
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.secondsIntoDay < b.secondsIntoDay }

    package static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
