@testable import AlarmCore
import UnitTestSupport
import XCTest

final class ReplyLanguageTests: XCTestCase {
    func testTheWordIsTakenOffTheRequest() {
        XCTAssertEqual(ReplyLanguage.split("lang=C snooze wake").request, "snooze wake")
        XCTAssertNotNil(ReplyLanguage.split("lang=C snooze wake").language, "C is always installed")
        XCTAssertEqual(ReplyLanguage.split("lang=C   stop").request, "stop")
        XCTAssertEqual(ReplyLanguage.split("lang=C").request, "")
    }

    func testALineWithoutTheWordIsLeftAlone() {
        let plain = ReplyLanguage.split("snooze lang=de_DE.UTF-8")
        XCTAssertNil(plain.language)
        XCTAssertEqual(plain.request, "snooze lang=de_DE.UTF-8")
    }

    func testOnlyLocaleNamesReachNewlocale() {
        XCTAssertTrue(ReplyLanguage.isLocaleName("de_DE.UTF-8"))
        XCTAssertTrue(ReplyLanguage.isLocaleName("sr_RS@latin"))
        XCTAssertFalse(ReplyLanguage.isLocaleName(""))
        XCTAssertFalse(ReplyLanguage.isLocaleName("../../etc/passwd"))
        XCTAssertFalse(ReplyLanguage.isLocaleName(String(repeating: "a", count: 65)))
        XCTAssertNil(ReplyLanguage.split("lang=a/b stop").language)
        XCTAssertEqual(ReplyLanguage.split("lang=a/b stop").request, "stop")
    }
}
