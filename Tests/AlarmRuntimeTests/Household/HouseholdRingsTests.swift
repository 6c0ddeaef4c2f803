@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

/// Which household rings a `run` takes part in, and what ends each.
final class HouseholdRingsTests: XCTestCase {
    func testAnAlarmSendsOneRingAtATimeAndEachRingIsRungOnce() throws {
        var rings = HouseholdRings()
        let sent = try XCTUnwrap(rings.send("deep", label: "Wake", origin: "me", originName: "Me", now: 100))
        XCTAssertEqual(sent.ring, "me-100-1")
        XCTAssertNil(rings.send("deep", label: "Wake", origin: "me", originName: "Me", now: 101), "already ringing the household")
        XCTAssertFalse(rings.isGuest("deep"))

        let other = HouseholdRing(ring: "them-5-1", origin: "them", originName: "Them", alarm: "a", label: nil)
        XCTAssertEqual(rings.receive(other), "household-1")
        XCTAssertNil(rings.receive(other), "a repeat of a ring rings nothing more")
        XCTAssertTrue(rings.isGuest("household-1"))

        rings.endAsSnooze("household-1")
        XCTAssertEqual(rings.remove(local: "household-1")?.endsAsSnooze, true)
        XCTAssertEqual(rings.remove(ring: "me-100-1")?.local, "deep")
        XCTAssertNil(rings.remove(ring: "me-100-1"), "ended once")
        XCTAssertEqual(rings.receive(HouseholdRing(ring: "them-9-2", origin: "them", originName: "Them", alarm: "a", label: nil)), "household-2")
    }
}
