/// Parses a timer's length: `90` (seconds), `1:30` (mm:ss), `1:02:03` (h:mm:ss), or units in
/// descending order: `25m`, `1h30m`, `45s`, `1.5h`.
///
/// The scheduler has its own duration parser for alarm files; this one also accepts the clock
/// forms people type for timers. They should be unified into one.
public enum CountdownDuration {
    public static let examples = "25m, 1h30m, 90 (seconds) or 1:30 (mm:ss)"
    /// Longer than anyone waits for a timer, short enough that nanoseconds never overflow.
    static let maximumSeconds: Double = 100 * 24 * 3600

    /// Nanoseconds, nil when the text is not a duration or is zero or longer than 100 days.
    public static func parse(_ text: String) -> Int64? {
        let text = text.lowercased().filter { !$0.isWhitespace }
        guard let seconds = text.contains(":") ? clock(text) : units(text),
              seconds > 0, seconds <= maximumSeconds else { return nil }
        return Int64((seconds * 1e9).rounded())
    }

    private static func clock(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count <= 3 else { return nil }
        var seconds = 0
        for (index, field) in fields.enumerated() {
            guard field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field) else { return nil }
            // Every field after the first is a two-digit sexagesimal place.
            if index > 0 && value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        return Double(seconds)
    }

    /// Numbers each followed by a unit, units in the order h, m, s, each at most once.
    private static func units(_ text: String) -> Double? {
        if let seconds = number(text[...]) { return seconds }
        let units: [(Character, Double)] = [("h", 3600), ("m", 60), ("s", 1)]
        var total = 0.0
        var rest = text[...]
        var nextUnit = 0
        while !rest.isEmpty {
            guard let end = rest.firstIndex(where: { $0.isLetter }),
                  let unit = units[nextUnit...].firstIndex(where: { $0.0 == rest[end] }),
                  let value = number(rest[..<end]) else { return nil }
            total += value * units[unit].1
            nextUnit = unit + 1
            rest = rest[rest.index(after: end)...]
            if nextUnit == units.count && !rest.isEmpty { return nil }
        }
        return text.isEmpty ? nil : total
    }

    /// A non-negative decimal number written with ASCII digits and at most one point.
    private static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              text.filter({ $0 == "." }).count <= 1, text != "." else { return nil }
        return Double(text)
    }
}
