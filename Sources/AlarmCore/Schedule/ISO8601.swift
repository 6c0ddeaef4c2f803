/// Reads the ISO 8601 times people pass to `--after`: `2027-03-28T01:00:00+01:00`, `...Z`,
/// `2027-03-28T01:00` or `2027-03-28 01:00:00` (no offset: local time, by the alarm DST rules),
/// fractions of a second, and a bare date (local midnight).
public enum ISO8601 {
    public static func parse(_ text: String, zone: LocalTimeZone = .current) throws(ValueError) -> Instant {
        func invalid() -> ValueError {
            ValueError(tr("invalid time \"{value}\" (expected ISO 8601 such as 2027-03-28T01:00:00+01:00, ...Z, or local 2027-03-28T01:00)",
                          ["value": text]))
        }
        let characters = Array(text)
        guard characters.count >= 10 else { throw invalid() }
        let date = try CalendarDate(parsing: String(characters[0..<10]))
        if characters.count == 10 {
            guard let instant = zone.instant(of: date, at: TimeOfDay(hour: 0, minute: 0)) else { throw invalid() }
            return Instant(seconds: instant)
        }
        guard characters[10] == "T" || characters[10] == "t" || characters[10] == " " else { throw invalid() }
        var rest = characters[11...]
        let timeEnd = rest.firstIndex { !($0.isASCIIDigit || $0 == ":") } ?? rest.endIndex
        let time = try TimeOfDay(parsing: String(rest[..<timeEnd]))
        rest = rest[timeEnd...]
        var nanoseconds = 0
        if rest.first == "." || rest.first == "," {
            let digits = rest.dropFirst().prefix { $0.isASCIIDigit }
            guard !digits.isEmpty else { throw invalid() }
            let padded = String(digits.prefix(9)) + String(repeating: "0", count: max(0, 9 - digits.count))
            nanoseconds = Int(padded)!
            rest = rest.dropFirst(1 + digits.count)
        }
        let wall = date.dayNumber * 86_400 + time.secondsIntoDay
        if rest.isEmpty {
            guard let instant = zone.instant(of: date, at: time) else { throw invalid() }
            return Instant(seconds: instant, nanoseconds: nanoseconds)
        }
        if rest.count == 1, rest.first == "Z" || rest.first == "z" {
            return Instant(seconds: wall, nanoseconds: nanoseconds)
        }
        guard let offset = parseOffset(String(rest)) else { throw invalid() }
        return Instant(seconds: wall - offset, nanoseconds: nanoseconds)
    }

    /// `+01:00`, `+0100`, `+01`, `-04:30` → seconds east of UTC.
    private static func parseOffset(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        let colons = text.filter { $0 == ":" }.count
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCIIDigit), colons <= (digits.count == 4 ? 1 : 0),
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
            hours <= 18, minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }
}
