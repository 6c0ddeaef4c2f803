/// The time and date in German words, 24-hour as Germans say it by the clock: "Es ist sieben
/// Uhr dreißig, am Montag, dem dreißigsten November." Spelled out, so what is said does not
/// depend on how espeak-ng reads digits and punctuation.
package enum GermanSpokenTime {
    package static let weekdays = ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"]
    package static let months = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                         "November", "Dezember"]
    private static let units = ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
                                "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn"]
    private static let tens = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig"]

    package static func sentence(at local: LocalDateTime) -> String {
        let date = local.date
        return "Es ist \(time(local.time)), am \(weekdays[date.weekday.rawValue]), dem \(ordinal(date.day)) \(months[date.month - 1])."
    }

    /// `07:00` → "sieben Uhr", `01:05` → "ein Uhr fünf", `00:00` → "null Uhr".
    package static func time(_ time: TimeOfDay) -> String {
        let hour = time.hour == 1 ? "ein" : number(time.hour)
        return time.minute == 0 ? "\(hour) Uhr" : "\(hour) Uhr \(number(time.minute))"
    }

    /// 0 to 59 in words: "einundzwanzig", "dreißig", "neunundfünfzig".
    package static func number(_ value: Int) -> String {
        if value < 20 { return units[value] }
        let unit = value % 10
        guard unit > 0 else { return tens[value / 10] }
        return (unit == 1 ? "ein" : units[unit]) + "und" + tens[value / 10]
    }

    /// The dative ordinal after "dem": "ersten", "dritten", "siebten", "zwanzigsten".
    package static func ordinal(_ day: Int) -> String {
        switch day {
        case 1: return "ersten"
        case 3: return "dritten"
        case 7: return "siebten"
        case 8: return "achten"
        case ..<20: return number(day) + "ten"
        default: return number(day) + "sten"
        }
    }
}
