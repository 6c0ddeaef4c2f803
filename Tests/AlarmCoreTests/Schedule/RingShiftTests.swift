import AlarmCore
import UnitTestSupport
import XCTest

/// The alarm's `shift` field, written by `alarmplay shift`: read by the decoder, honoured by
/// `nextRing` (which every "what rings next" goes through) and shown by `status`.
final class RingShiftTests: XCTestCase {
    private func daily(shift: String, skip: String? = nil) throws -> Alarm {
        let skipText = skip.map { #", "skip": "\#($0)""# } ?? ""
        return try AlarmFile.parse(
            #"{"alarms": [{"id": "work", "time": "06:45", "days": "daily", "shift": \#(shift)\#(skipText)}]}"#,
            path: "a.json", sounds: nil).alarms[0]
    }

    private let later = #"{"from": "2026-12-07T06:45:00+01:00", "to": "2026-12-07T07:30:00+01:00"}"#
    private let earlier = #"{"from": "2026-12-07T06:45:00+01:00", "to": "2026-12-07T05:30:00+01:00"}"#

    func testOnlyTheNextRingMovesAndTheOneAfterIsAtTheUsualTime() throws {
        try withTimeZone("Europe/Berlin") {
            let work = try daily(shift: later)
            let now = instant("2026-12-06T22:00:00+01:00")
            XCTAssertEqual(work.shift, RingShift(from: instant("2026-12-07T06:45:00+01:00"), to: instant("2026-12-07T07:30:00+01:00")))
            let rings = [work].nextRings(after: now, count: 3).map(\.at)
            XCTAssertEqual(rings, ["2026-12-07T07:30:00+01:00", "2026-12-08T06:45:00+01:00", "2026-12-09T06:45:00+01:00"].map { instant($0) })
            XCTAssertEqual(work.status(now: now), .shifted(at: instant("2026-12-07T07:30:00+01:00"), from: instant("2026-12-07T06:45:00+01:00")))
            XCTAssertEqual([work].nextRings(after: now, count: 2).map(\.shiftedFrom), [instant("2026-12-07T06:45:00+01:00"), nil])
        }
    }

    func testBetweenTheRingItReplacesAndTheMovedRingNothingRings() throws {
        try withTimeZone("Europe/Berlin") {
            let moved = try daily(shift: later)
            XCTAssertEqual(moved.nextRing(after: instant("2026-12-07T06:50:00+01:00")), instant("2026-12-07T07:30:00+01:00"))
            let early = try daily(shift: earlier)
            // After the earlier ring the replaced one does not ring as well.
            XCTAssertEqual(early.nextRing(after: instant("2026-12-07T05:30:00+01:00")), instant("2026-12-08T06:45:00+01:00"))
            XCTAssertEqual(early.status(now: instant("2026-12-07T06:00:00+01:00")), .rings(at: instant("2026-12-08T06:45:00+01:00")))
        }
    }

    func testOnceTheShiftHasPassedTheAlarmIsItselfAgain() throws {
        try withTimeZone("Europe/Berlin") {
            let work = try daily(shift: later)
            let now = instant("2026-12-07T08:00:00+01:00")
            XCTAssertEqual(work.status(now: now), .rings(at: instant("2026-12-08T06:45:00+01:00")))
            XCTAssertNil([work].nextRings(after: now, count: 1).first?.shiftedFrom)
        }
    }

    func testASkipOfTheMovedRingSkipsIt() throws {
        try withTimeZone("Europe/Berlin") {
            let work = try daily(shift: later, skip: "2026-12-07T07:30:00+01:00")
            XCTAssertEqual(work.status(now: instant("2026-12-06T22:00:00+01:00")), .skipped(next: instant("2026-12-08T06:45:00+01:00")))
        }
    }

    func testAMovedOneShotRingsOnceAtItsNewTime() throws {
        try withTimeZone("Europe/Berlin") {
            let file = try AlarmFile.parse(#"""
                {"alarms": [{"id": "dentist", "time": "14:30", "date": "2026-12-07",
                  "shift": {"from": "2026-12-07T14:30:00+01:00", "to": "2026-12-07T15:00:00+01:00"}}]}
                """#, path: "a.json", sounds: nil)
            let rings = file.alarms.nextRings(after: instant("2026-12-07T12:00:00+01:00"), count: 3).map(\.at)
            XCTAssertEqual(rings, [instant("2026-12-07T15:00:00+01:00")])
        }
    }

    func testABadShiftIsReportedLikeAnyValue() {
        XCTAssertThrowsError(try AlarmFile.parse(
            #"{"alarms": [{"time": "06:45", "shift": "07:30"}, {"time": "06:45", "shift": {"from": "2026-12-07T06:45:00Z", "at": 1}}]}"#,
            path: "a.json", sounds: nil)
        ) { error in
            XCTAssertEqual((error as? AlarmFileError)?.lines, [
                "a.json:1:40: shift must be {\"from\": ISO, \"to\": ISO}, the ring moved and when it rings instead, got \"07:30\"",
                "a.json:1:77: shift must be {\"from\": ISO, \"to\": ISO}, the ring moved and when it rings instead: \"to\" is missing",
                "a.json:1:110: unknown key \"at\"",
            ])
        }
    }

    func testATimeGoesToTheNearestDayOfTheRing() {
        withTimeZone("Europe/Berlin") {
            let ring = instant("2026-12-07T23:50:00+01:00")
            XCTAssertEqual(RingShift.instant(of: try! TimeOfDay(parsing: "00:10"), near: ring, zone: .current), instant("2026-12-08T00:10:00+01:00"))
            XCTAssertEqual(RingShift.instant(of: try! TimeOfDay(parsing: "22:00"), near: ring, zone: .current), instant("2026-12-07T22:00:00+01:00"))
        }
    }

    func testTargetsAreATimeOrASignedOffset() throws {
        XCTAssertEqual(try RingShift.Target(parsing: "07:30"), .time(try TimeOfDay(parsing: "07:30")))
        XCTAssertEqual(try RingShift.Target(parsing: "6:45pm"), .time(try TimeOfDay(parsing: "18:45")))
        XCTAssertEqual(try RingShift.Target(parsing: "+30m"), .by(seconds: 1_800))
        XCTAssertEqual(try RingShift.Target(parsing: "-1h15m"), .by(seconds: -4_500))
        XCTAssertThrowsError(try RingShift.Target(parsing: "+soon"))
        XCTAssertThrowsError(try RingShift.Target(parsing: "25:00"))
    }
}
