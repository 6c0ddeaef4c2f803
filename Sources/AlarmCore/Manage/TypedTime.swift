extension TimeOfDay {
    /// A time as people type it on the command line: the file's 24-hour `HH:MM[:SS]` (also
    /// `7:05`), or 12-hour with am/pm (`6:45pm`, `6:45 PM`, `12am`, `7 a.m.`, `11:59:30pm`).
    /// 24-hour input gets the file's messages for values out of range, and for a shape that is
    /// no time at all (`add 7`) one that names both ways of typing it.
    public init(typed text: String) throws(ValueError) {
        let compact = text.lowercased().filter { $0 != " " && $0 != "." }
        let isMorning = compact.hasSuffix("am")
        guard isMorning || compact.hasSuffix("pm") else {
            guard text.contains(":") else { throw Self.notATime(text) }
            try self.init(parsing: text)
            return
        }
        let parts = compact.dropLast(2).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), (1...2).contains(parts[0].count),
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
        else { throw Self.notATime(text) }
        let numbers = parts.map { Int($0)! }
        guard (1...12).contains(numbers[0]) else {
            throw ValueError(tr("hour {value} out of range for am/pm (1-12)", ["value": String(numbers[0])]))
        }
        if numbers.count > 1, numbers[1] >= 60 { throw ValueError(tr("minute {value} out of range (00-{last})", ["value": String(numbers[1]), "last": "59"])) }
        if numbers.count > 2, numbers[2] >= 60 { throw ValueError(tr("second {value} out of range (00-{last})", ["value": String(numbers[2]), "last": "59"])) }
        // 12am is midnight and 12pm is noon.
        let hour = numbers[0] % 12 + (isMorning ? 0 : 12)
        self.init(hour: hour, minute: numbers.count > 1 ? numbers[1] : 0, second: numbers.count > 2 ? numbers[2] : 0)
    }

    private static func notATime(_ text: String) -> ValueError {
        ValueError(tr("invalid time \"{value}\" (expected HH:MM or HH:MM:SS, 24-hour, or 12-hour such as 6:45pm)", ["value": text]))
    }
}
