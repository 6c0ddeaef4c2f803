import AlarmCore
import UnitTestSupport
import XCTest

final class SuggestionTests: XCTestCase {
    private let keys = ["id", "label", "time", "days", "date", "sound", "volume", "snooze", "maxSnoozes", "ringFor", "fadeIn", "enabled"]

    func testTyposFindTheIntendedWord() {
        XCTAssertEqual(Suggestion.closest(to: "snoze", in: keys), "snooze")
        XCTAssertEqual(Suggestion.closest(to: "volmue", in: keys), "volume", "a swapped pair is one edit")
        XCTAssertEqual(Suggestion.closest(to: "ringfor", in: keys), "ringFor", "case is ignored")
        XCTAssertEqual(Suggestion.closest(to: "enab", in: keys), "enabled", "a prefix")
        // A nearer word beats a longer one it starts: "fade" is one letter from "date".
        XCTAssertEqual(Suggestion.closest(to: "fade", in: keys), "date")
        XCTAssertEqual(Suggestion.closest(to: "wednesdy", in: ["monday", "tuesday", "wednesday"]), "wednesday")
        XCTAssertEqual(Suggestion.closest(to: "tues", in: ["mon", "tue", "wed"]), "tue")
    }

    func testUnrelatedWordsGetNoSuggestion() {
        XCTAssertNil(Suggestion.closest(to: "colour", in: keys))
        XCTAssertNil(Suggestion.closest(to: "x", in: ["volume", "device"]))
        XCTAssertNil(Suggestion.closest(to: "snooze", in: []))
    }

    func testTheFirstOfEquallyCloseCandidatesWins() {
        XCTAssertEqual(Suggestion.closest(to: "dat", in: ["data", "date"]), "data")
        XCTAssertEqual(Suggestion.closest(to: "dat", in: ["date", "data"]), "date")
    }
}
