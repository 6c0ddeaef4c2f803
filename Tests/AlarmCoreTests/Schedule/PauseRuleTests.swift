@testable import AlarmCore
import UnitTestSupport
import XCTest

/// `pause --for`: days of rings counted from the next ring's day, in UTC.
final class PauseRuleTests: XCTestCase {
    private func until(_ days: Int, next: String?, now: String) -> String {
        withTimeZone("UTC") { PauseRule.until(days: days, nextRing: next.map { instant($0) }, now: instant(now)).description }
    }

    func testADayMeansTheNextMorningWhenAskedLateOrEarly() {
        // At 22:28 with tomorrow's 06:30 ahead: tomorrow is held.
        XCTAssertEqual(until(1, next: "2026-12-02T06:30:00+00:00", now: "2026-12-01T22:28:00+00:00"), "2026-12-03")
        // At 03:24 with today's 07:00 ahead: today is held, and only today.
        XCTAssertEqual(until(1, next: "2026-12-02T07:00:00+00:00", now: "2026-12-02T03:24:00+00:00"), "2026-12-03")
        XCTAssertEqual(until(2, next: "2026-12-02T07:00:00+00:00", now: "2026-12-02T03:24:00+00:00"), "2026-12-04", "two mornings")
    }

    func testWithNoRingAheadItCountsFromTomorrow() {
        XCTAssertEqual(until(7, next: nil, now: "2026-12-02T12:00:00+00:00"), "2026-12-10")
    }

    func testAPauseHoldsTheDaysBeforeItsDate() {
        withTimeZone("UTC") {
            let date = try! CalendarDate(parsing: "2026-12-03")
            XCTAssertTrue(PauseRule.holds(instant("2026-12-02T07:00:00+00:00"), pausedUntil: date))
            XCTAssertFalse(PauseRule.holds(instant("2026-12-03T00:00:00+00:00"), pausedUntil: date))
        }
    }
}
