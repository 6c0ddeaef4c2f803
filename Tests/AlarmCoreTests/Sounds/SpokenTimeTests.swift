import XCTest

@testable import AlarmCore
import UnitTestSupport

/// The exact words `speak:time` hands to espeak-ng, per language of the voice.
final class SpokenTimeTests: XCTestCase {
    private static let times = ["07:00", "07:30", "12:05", "23:59", "00:00"]

    private func local(_ time: String, _ date: String = "2026-11-30") throws -> LocalDateTime {
        LocalDateTime(date: try CalendarDate(parsing: date), time: try TimeOfDay(parsing: time), utcOffset: 0, abbreviation: "UTC")
    }

    private func words(_ voice: String) throws -> [String] {
        try Self.times.map { SpokenTime.sentence(label: nil, at: try local($0), voice: voice) }
    }

    func testGermanHoursAndMinutesInWords() throws {
        XCTAssertEqual(try words("de"), [
            "Es ist sieben Uhr, am Montag, dem dreißigsten November.",
            "Es ist sieben Uhr dreißig, am Montag, dem dreißigsten November.",
            "Es ist zwölf Uhr fünf, am Montag, dem dreißigsten November.",
            "Es ist dreiundzwanzig Uhr neunundfünfzig, am Montag, dem dreißigsten November.",
            "Es ist null Uhr, am Montag, dem dreißigsten November.",
        ])
        XCTAssertEqual(GermanSpokenTime.time(try TimeOfDay(parsing: "01:01")), "ein Uhr eins")
        XCTAssertEqual(GermanSpokenTime.time(try TimeOfDay(parsing: "21:21")), "einundzwanzig Uhr einundzwanzig")
        XCTAssertEqual(GermanSpokenTime.time(try TimeOfDay(parsing: "16:17")), "sechzehn Uhr siebzehn")
        XCTAssertEqual([1, 2, 3, 7, 8, 16, 19, 20, 21, 31].map(GermanSpokenTime.ordinal),
                       ["ersten", "zweiten", "dritten", "siebten", "achten", "sechzehnten", "neunzehnten", "zwanzigsten",
                        "einundzwanzigsten", "einunddreißigsten"])
        XCTAssertEqual(SpokenTime.sentence(label: "Aufstehen", at: try local("06:45", "2027-03-01"), voice: "de"),
                       "Aufstehen. Es ist sechs Uhr fünfundvierzig, am Montag, dem ersten März.")
    }

    func testKoreanNativeHoursSinoMinutesAndTheHalfOfTheDay() throws {
        XCTAssertEqual(try words("ko"), [
            "지금은 십일월 삼십일 월요일, 오전 일곱 시입니다.",
            "지금은 십일월 삼십일 월요일, 오전 일곱 시 삼십 분입니다.",
            "지금은 십일월 삼십일 월요일, 오후 열두 시 오 분입니다.",
            "지금은 십일월 삼십일 월요일, 오후 열한 시 오십구 분입니다.",
            "지금은 십일월 삼십일 월요일, 오전 열두 시입니다.",
        ])
        XCTAssertEqual(KoreanSpokenTime.time(try TimeOfDay(parsing: "13:10")), "오후 한 시 십 분")
        XCTAssertEqual(KoreanSpokenTime.time(try TimeOfDay(parsing: "04:15")), "오전 네 시 십오 분")
        XCTAssertEqual((1...12).map(KoreanSpokenTime.month),
                       ["일월", "이월", "삼월", "사월", "오월", "유월", "칠월", "팔월", "구월", "시월", "십일월", "십이월"])
        XCTAssertEqual(SpokenTime.sentence(label: "일어나요", at: try local("06:45", "2027-06-01"), voice: "ko"),
                       "일어나요. 지금은 유월 일일 화요일, 오전 여섯 시 사십오 분입니다.")
    }

    func testEnglishAsBeforeAndOtherLanguagesInEnglishWords() throws {
        let english = [
            "It is 7:00 on Monday, the 30th of November.",
            "It is 7:30 on Monday, the 30th of November.",
            "It is 12:05 on Monday, the 30th of November.",
            "It is 23:59 on Monday, the 30th of November.",
            "It is 0:00 on Monday, the 30th of November.",
        ]
        XCTAssertEqual(try words("en"), english)
        XCTAssertEqual(try words("en-gb"), english)
        XCTAssertEqual(try words("fr"), english, "a language without rules says it in English words")
    }

    func testTheLanguageOfAVoice() {
        XCTAssertEqual(["de", "en-us", "gmw/de-CH", "ko+f3", "KO", "sit/yue"].map(SpokenTime.language(ofVoice:)),
                       ["de", "en", "de", "ko", "ko", "yue"])
    }
}
