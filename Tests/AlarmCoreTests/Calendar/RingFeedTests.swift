import AlarmCore
import AlarmRuntime
import FaceMQTT
import Foundation
import UnitTestSupport
import XCTest

/// The alarms as an iCalendar feed, read back with libical: the same rings as the snapshot, at
/// the right local times across Berlin's spring-forward, text escaped and lines folded.
final class RingFeedTests: XCTestCase {
    func testTheFeedReadBackGivesTheSnapshotsRingsAcrossADSTChange() throws {
        try withTimeZone("Europe/Berlin") {
            var work = alarm("07:00", days("daily"), id: "work", position: 1)
            work.label = "Work; early, really"
            let snapshot = Snapshot(alarms: [work], state: DaemonState(), pausedUntil: nil, now: instant("2027-03-01T12:00:00+01:00"))
            let feed = RingFeed(snapshot: snapshot)
            XCTAssertEqual(feed.rings.count, 60)
            let events = try ICalendarReader.read(in: feed.text, path: "feed.ics", window: 0...4_000_000_000, zone: .current).events
            XCTAssertEqual(events.map(\.summary), Array(repeating: "Work; early, really", count: 60))
            let starts = events.map { event -> Int in
                guard case let .instants(start, _) = event.span else { return 0 }
                return start
            }
            XCTAssertEqual(starts, snapshot.upcoming(count: 60).map(\.at))
            let format = TimeFormat()
            XCTAssertEqual(starts.map(format.iso)[25...27], [
                "2027-03-27T07:00:00+01:00", "2027-03-28T07:00:00+02:00", "2027-03-29T07:00:00+02:00",
            ])
            XCTAssertTrue(feed.text.contains("SUMMARY:Work\\; early\\, really\r\n"), feed.text)
        }
    }

    /// Each alarm's rings have UIDs of their own: `a"b` and `a'b` were both `a_b`, and a calendar merged them.
    func testEveryIdGivesUIDsOfItsOwn() throws {
        try withTimeZone("UTC") {
            let ids = ["a\"b", "a'b", "a_b", "a%22b", "früh", "a b"]
            let alarms = ids.enumerated().map { alarm("07:00", days("daily"), id: $1, position: $0 + 1) }
            let feed = RingFeed(snapshot: Snapshot(alarms: alarms, state: DaemonState(), pausedUntil: nil, now: instant("2027-03-01T12:00:00+00:00")))
            let keys = feed.rings.prefix(ids.count).map { RingFeed.uid($0).replacingOccurrences(of: "-\($0.at)@alarmplay", with: "") }
            XCTAssertEqual(keys, ["a%22b", "a%27b", "a_b", "a%2522b", "früh", "a%20b"])
            XCTAssertEqual(Set(feed.rings.map(RingFeed.uid)).count, feed.rings.count)
        }
    }

    func testLongLinesFoldWithinSeventyFiveOctetsAndNeverSplitACharacter() {
        let line = "SUMMARY:" + String(repeating: "Wäcker ", count: 30)
        let folded = RingFeed.folded(line)
        let parts = folded.components(separatedBy: "\r\n")
        XCTAssertGreaterThan(parts.count, 2)
        XCTAssertTrue(parts.allSatisfy { $0.utf8.count <= 75 })
        XCTAssertTrue(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        XCTAssertEqual(parts.first! + parts.dropFirst().map { String($0.dropFirst()) }.joined(), line)
    }
}
