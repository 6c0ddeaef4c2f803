/// What `speak:time` says: the label, then the time and date in words of the voice's language,
/// as a person would ("Wake up. It is 6:45 on Monday, the 30th of November."). Pure: a local
/// time in, text out. A language without rules here is spoken with the English words.
public enum SpokenTime {
    package static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                         "November", "December"]

    public static func sentence(label: String?, at local: LocalDateTime, voice: String = "en") -> String {
        let spoken: String
        switch language(ofVoice: voice) {
        case "de": spoken = GermanSpokenTime.sentence(at: local)
        case "ko": spoken = KoreanSpokenTime.sentence(at: local)
        default: spoken = english(at: local)
        }
        return spokenLabel(label).map { "\($0) \(spoken)" } ?? spoken
    }

    /// The label as a sentence of its own (`Wake up` → `Wake up.`), nil when there is none.
    public static func spokenLabel(_ label: String?) -> String? {
        guard let label, !label.allSatisfy(\.isWhitespace) else { return nil }
        return label.last.map { ".!?".contains($0) } == true ? label : label + "."
    }

    /// An espeak-ng voice's language: `de` → `de`, `en-us` → `en`, `gmw/de-CH` → `de`,
    /// `ko+f3` (a variant) → `ko`.
    package static func language(ofVoice voice: String) -> String {
        let name = voice.split(separator: "/").last.map(String.init) ?? voice
        return String(name.prefix { $0.isLetter }).lowercased()
    }

    // espeak-ng's English reads "6:45" as a time already; only the date needs words.
    package static func english(at local: LocalDateTime) -> String {
        let time = "\(local.time.hour):\(TimeOfDay.twoDigits(local.time.minute))"
        let weekday = local.date.weekday.fullName.prefix(1).uppercased() + local.date.weekday.fullName.dropFirst()
        return "It is \(time) on \(weekday), the \(ordinal(local.date.day)) of \(months[local.date.month - 1])."
    }

    /// 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd ... 31st.
    package static func ordinal(_ day: Int) -> String {
        let suffix = (11...13).contains(day % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][day % 10]
        return "\(day)\(suffix)"
    }
}
