@testable import AlarmCore
import XCTest

final class RingReportsTests: XCTestCase {
    func testADegradedRingIsSaidOnceUntilItEnds() {
        var reports = RingReports()
        XCTAssertTrue(reports.degrade("work"))
        XCTAssertFalse(reports.degrade("work"), "a second fallback of the same ring is not news")
        XCTAssertTrue(reports.degrade("gym"))
        reports.ended("work")
        XCTAssertTrue(reports.degrade("work"), "its next ring is reported again")
    }

    func testDegradedAndMissedRingsAreKeptTheNewestTwenty() {
        let now = Instant(seconds: 1_796_630_400)
        XCTAssertNil(RingReports.keeping(.fired(id: "work", scheduled: 1, lateMilliseconds: 0, snooze: nil), at: now, in: []))
        var kept: [JSONValue] = []
        for index in 0..<25 {
            kept = RingReports.keeping(.missed(id: "a\(index)", scheduled: 1, lateSeconds: 7200), at: now, in: kept) ?? kept
        }
        XCTAssertEqual(kept.count, RingReports.kept)
        XCTAssertEqual(kept.first?["id"]?.stringValue, "a5", "the oldest go first")
        XCTAssertEqual(RingReports.keeping(.ringDegraded(id: "w", reason: "r"), at: now, in: kept)?.last?["event"]?.stringValue, "ring_degraded")
    }
}
