/// The time and date in Korean words: "지금은 십일월 삼십일 월요일, 오전 일곱 시 삼십 분입니다."
/// Hours take native numerals and minutes, months and days Sino-Korean ones; espeak-ng reads
/// every digit as Sino-Korean (espeak-ng#1538), so "7시" would come out as 칠 시. The clock is
/// said in twelve hours with 오전/오후, as Korean clocks and people do: native numerals name
/// the hours only up to twelve.
package enum KoreanSpokenTime {
    package static let weekdays = ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"]
    private static let nativeHours = ["열두", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열", "열한"]
    private static let sinoDigits = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]

    package static func sentence(at local: LocalDateTime) -> String {
        let date = local.date
        return "지금은 \(month(date.month)) \(sino(date.day))일 \(weekdays[date.weekday.rawValue]), \(time(local.time))입니다."
    }

    /// `07:30` → "오전 일곱 시 삼십 분", `12:05` → "오후 열두 시 오 분", `00:00` → "오전 열두 시".
    package static func time(_ time: TimeOfDay) -> String {
        let half = time.hour < 12 ? "오전" : "오후"
        let hour = "\(half) \(nativeHours[time.hour % 12]) 시"
        return time.minute == 0 ? hour : "\(hour) \(sino(time.minute)) 분"
    }

    /// 1 to 99 in Sino-Korean numerals: 5 → 오, 10 → 십, 15 → 십오, 59 → 오십구.
    package static func sino(_ value: Int) -> String {
        let tens = value / 10
        let tensWord = tens == 0 ? "" : (tens == 1 ? "" : sinoDigits[tens]) + "십"
        return tensWord + sinoDigits[value % 10]
    }

    /// June and October drop a consonant when spoken: 유월, 시월.
    package static func month(_ month: Int) -> String {
        switch month {
        case 6: return "유월"
        case 10: return "시월"
        default: return sino(month) + "월"
        }
    }
}
