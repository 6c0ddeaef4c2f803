import AlarmCore
import UnitTestSupport
import XCTest

/// The alarm's `skip` field, written by `alarmplay skip`: read by the decoder, honoured by
/// `nextRing` and shown by `status`.
final class SkipFieldTests: XCTestCase {
    func testTheSkippedRingIsPassedOver() throws {
        try withTimeZone("Europe/Berlin") {
            let file = try AlarmFile.parse("""
                {"alarms": [
                  {"id": "work", "time": "06:45", "days": "weekdays", "skip": "2026-12-07T06:45:00+01:00"},
                  {"id": "dentist", "time": "14:30", "date": "2026-12-03", "skip": "2026-12-03T14:30:00+01:00"},
                  {"id": "nap", "time": "16:00", "skip": "2026-12-05T16:00:00+01:00"}
                ]}
                """, path: "a.json", sounds: nil)
            let now = instant("2026-12-05T12:00:00+01:00")
            let (work, dentist, nap) = (file.alarms[0], file.alarms[1], file.alarms[2])
            XCTAssertEqual(work.skip, instant("2026-12-07T06:45:00+01:00"))
            XCTAssertEqual(work.nextRing(after: now), instant("2026-12-08T06:45:00+01:00"))
            XCTAssertEqual(work.status(now: now), .skipped(next: instant("2026-12-08T06:45:00+01:00")))
            XCTAssertEqual(dentist.nextRing(after: instant("2026-12-01T00:00:00+01:00")), nil)
            XCTAssertEqual(nap.status(now: now), .skipped(next: nil), "a skipped one-shot does not ring")
        }
    }

    /// During a pause, skip and shift take the first ring after it: the ones it holds do not ring anyway.
    func testSkipAndShiftDuringAPauseTakeTheFirstRingAfterIt() throws {
        try withTimeZone("Europe/Berlin") {
            let file = try AlarmFile.parse(
                #"{"pausedUntil": "2026-12-09", "alarms": [{"id": "work", "time": "06:45", "days": "daily"}]}"#, path: "a.json", sounds: nil)
            let now = instant("2026-12-05T12:00:00+01:00")
            let skipped = try AlarmFileEdits.skip("work", in: file, state: ScheduleState(), now: now)
            XCTAssertEqual(skipped.ring, instant("2026-12-09T06:45:00+01:00"))
            let shifted = try AlarmFileEdits.shift("work", .by(seconds: 900), in: file, state: ScheduleState(), now: now, zone: .current)
            XCTAssertEqual(shifted.shift, RingShift(from: instant("2026-12-09T06:45:00+01:00"), to: instant("2026-12-09T07:00:00+01:00")))
        }
    }

    func testAStaleSkipChangesNothing() throws {
        try withTimeZone("Europe/Berlin") {
            let file = try AlarmFile.parse(
                #"{"alarms": [{"time": "06:45", "days": "daily", "skip": "2026-12-01T06:45:00+01:00"}]}"#,
                path: "a.json", sounds: nil)
            let now = instant("2026-12-05T12:00:00+01:00")
            XCTAssertEqual(file.alarms[0].status(now: now), .rings(at: instant("2026-12-06T06:45:00+01:00")))
        }
    }

    func testABadSkipIsReportedLikeAnyValue() {
        XCTAssertThrowsError(try AlarmFile.parse(
            #"{"alarms": [{"time": "06:45", "skip": 5}, {"time": "06:45", "skip": "tomorrow"}]}"#, path: "a.json", sounds: nil)
        ) { error in
            XCTAssertEqual((error as? AlarmFileError)?.lines, [
                "a.json:1:39: skip must be a string such as \"2026-12-07T06:45:00+01:00\" (the ring to skip), got 5",
                "a.json:1:69: invalid time \"tomorrow\" (expected ISO 8601 such as 2027-03-28T01:00:00+01:00, ...Z, or local 2027-03-28T01:00)",
            ])
        }
    }
}
