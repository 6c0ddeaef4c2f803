/// Short ids for alarms added without `--id`: easy to type in `alarmplay skip ID`, and unique
/// within the file.
public enum AlarmID {
    package static let maximumLength = 24

    /// From the label (`Work days` → `work-days`), else the time (`06:45` → `06h45`, never all
    /// digits, which would read as a position); `-2`, `-3`... when taken.
    public static func generate(label: String?, time: TimeOfDay, taken: Set<String>) -> String {
        let base = label.flatMap(slug) ?? timeID(time)
        guard taken.contains(base) else { return base }
        var suffix = 2
        while taken.contains("\(base)-\(suffix)") { suffix += 1 }
        return "\(base)-\(suffix)"
    }

    /// `06h45`, `07h05m30`.
    package static func timeID(_ time: TimeOfDay) -> String {
        let base = TimeOfDay.twoDigits(time.hour) + "h" + TimeOfDay.twoDigits(time.minute)
        return time.second == 0 ? base : base + "m" + TimeOfDay.twoDigits(time.second)
    }

    /// Lower-case letters and digits, anything else one `-`; nil when nothing usable is left.
    package static func slug(_ label: String) -> String? {
        var slug = ""
        for character in label.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
            if slug.count >= maximumLength { break }
        }
        while slug.last == "-" { slug.removeLast() }
        guard !slug.isEmpty, !slug.allSatisfy(\.isASCIIDigit) else { return nil }
        return slug
    }
}
