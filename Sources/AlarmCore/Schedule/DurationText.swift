/// Durations as people write them: `30s`, `9m`, `1h30m`, `1h 30m`, `2d`, `90` (seconds), `1:30`
/// (minutes:seconds) or `1:02:03` (hours:minutes:seconds). Used for alarm settings and the timer.
public enum DurationText {
    /// The longest duration read (a century): beyond it the sums a duration takes part in (a
    /// shift's new moment, a timer's end) could overflow, and no alarm means it.
    public static let maximum = 100 * 365 * 86_400

    public static var examples: String { tr("\"30s\", \"9m\", \"1h30m\" or \"1:30\"") }

    /// Whole seconds, up to `maximum`.
    public static func parse(_ text: String) throws(ValueError) -> Int {
        let seconds = try parseUnbounded(text)
        guard seconds <= maximum else { throw invalid(text) }
        return seconds
    }

    /// `+10m`, `-30m`, `−30m` (the minus `list` prints) or `10m`: whole seconds, negative before.
    public static func parseSigned(_ text: String) throws(ValueError) -> Int {
        let trimmed = Substring(text).trimmingSpaces
        guard let sign = trimmed.first, "+-−".contains(sign) else { return try parse(text) }
        let seconds = try parse(String(trimmed.dropFirst()))
        return sign == "+" ? seconds : -seconds
    }

    /// Worded only when thrown: durations are read for every alarm.
    private static func invalid(_ text: String) -> ValueError {
        ValueError(tr("invalid duration \"{value}\" (use e.g. {examples})", ["value": text, "examples": examples]))
    }

    private static func parseUnbounded(_ text: String) throws(ValueError) -> Int {
        func invalid() -> ValueError { Self.invalid(text) }
        let trimmed = Substring(text).trimmingSpaces
        guard !trimmed.isEmpty else { throw invalid() }
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { $0.allSatisfy(\.isASCIIDigit) ? Int($0) : nil }
            guard (2...3).contains(parts.count), numbers.count == parts.count,
                parts.dropFirst().allSatisfy({ $0.count == 2 })
            else { throw invalid() }
            // The first field bounded as a unit's number is, so the sum cannot overflow.
            guard numbers[0] <= 1_000_000 else { throw invalid() }
            if numbers.dropFirst().contains(where: { $0 >= 60 }) {
                throw ValueError(tr("invalid duration \"{value}\" (minutes and seconds go up to 59)", ["value": text]))
            }
            return numbers.reduce(0) { $0 * 60 + $1 }
        }
        if trimmed.allSatisfy(\.isASCIIDigit) {
            guard let seconds = Int(trimmed) else { throw invalid() }
            return seconds
        }
        var total = 0
        var number = ""
        var lastUnit = Int.max
        for character in trimmed where character != " " {
            if character.isASCIIDigit {
                number.append(character)
                continue
            }
            let unit: Int
            switch character {
            case "d", "D": unit = 86_400
            case "h", "H": unit = 3600
            case "m", "M": unit = 60
            case "s", "S": unit = 1
            default: throw invalid()
            }
            // Units must come largest first and once each: `1d2h`, `1h30m`, not `30m1h` or `1m1m`.
            guard let value = Int(number), unit < lastUnit, value <= 1_000_000 else { throw invalid() }
            total += value * unit
            lastUnit = unit
            number = ""
        }
        guard number.isEmpty else { throw invalid() }
        return total
    }

    /// `9m`, `1h30m`, `45s`, `1h0m5s` is written `1h5s`; zero is `0s`.
    public static func format(_ seconds: Int) -> String {
        guard seconds > 0 else { return "0s" }
        let parts = [(seconds / 3600, "h"), (seconds / 60 % 60, "m"), (seconds % 60, "s")]
        return parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
    }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
