@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

/// `run` and its clock: the warning in the status while the kernel calls the clock unsynchronised
/// before a ring, and the household's clocks compared on receipt. UTC; Sun 6 Dec 2026, evening.
final class AlarmDaemonClockTests: XCTestCase {
    private let work = #"{"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep"}]}"#

    func testAnUnsynchronisedClockWarnsTwelveHoursBeforeTheRingInTheStatusAndOnce() throws {
        try withTimeZone("UTC") {
            let run = try DaemonHarness(alarms: work, now: "2026-12-06T18:00:00+00:00")
            run.kernel.synchronised.withLock { $0 = false }
            run.tick(at: "2026-12-06T18:00:01+00:00")
            XCTAssertEqual(run.daemon.snapshot().clock.warning, nil, "12 h 45 min before the ring")
            XCTAssertEqual(run.armed, instant("2026-12-06T18:45:00+00:00"), "woken when the ring comes within 12 h")
            _ = run.said()
            run.tick(at: "2026-12-06T18:45:00+00:00")
            XCTAssertEqual(run.said(), ["clock_unsynchronised work"])
            guard case let .value(.status(status)) = run.perform(.status) else { return XCTFail("a status") }
            XCTAssertEqual(JSONWriter.compact(status.json(format: TimeFormat())["clock"] ?? .null),
                           #"{"synchronised": false, "warning": {"id": "work", "ring": "2026-12-07T06:45:00+00:00"}, "disagreements": []}"#)
            XCTAssertEqual(run.armed, instant("2026-12-06T18:50:00+00:00"), "the kernel is asked again while it warns")
            run.tick(at: "2026-12-06T18:50:00+00:00")
            XCTAssertEqual(run.said(), [], "said once")
            run.kernel.synchronised.withLock { $0 = true }
            run.tick(at: "2026-12-06T18:55:00+00:00")
            XCTAssertEqual(run.said(), ["clock_synchronised"])
            XCTAssertNil(run.daemon.snapshot().clock.warning)
            XCTAssertEqual(run.daemon.snapshot().clock.synchronised, true)
        }
    }

    func testAMembersClockIsComparedOnReceiptAndForgottenWhenThisClockIsSet() throws {
        try withTimeZone("UTC") {
            let run = try DaemonHarness(alarms: work, now: "2026-12-06T21:00:00+00:00")
            _ = run.said()
            let now = instant("2026-12-06T21:00:00+00:00")
            let behind = HouseholdClockReading(member: "kitchen-1", name: "Kitchen", time: now - 4 * 3600, synchronised: false)
            run.perform(.householdClock(behind))
            XCTAssertEqual(run.said(), ["clock_disagrees"])
            XCTAssertEqual(run.daemon.snapshot().clock.disagreements.map(\.seconds), [-4 * 3600])
            XCTAssertEqual(run.daemon.snapshot().clock.disagreements.first?.synchronised, .here)
            run.daemon.evaluate(clockChanged: true)
            XCTAssertEqual(run.daemon.snapshot().clock.disagreements, [], "measured against a clock that was set: asked again")
        }
    }
}
