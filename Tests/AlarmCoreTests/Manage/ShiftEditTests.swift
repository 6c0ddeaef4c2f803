import AlarmCore
import UnitTestSupport
import XCTest

/// `AlarmFileEdits.shift`: what `alarmplay shift`, the page and MQTT write into the alarm.
final class ShiftEditTests: XCTestCase {
    private let text = #"{"alarms": [{"id": "work", "time": "06:45", "days": "daily"}, {"id": "off", "time": "07:00", "enabled": false}]}"#
    private let now = "2026-12-06T22:00:00+01:00"

    private func shifted(_ target: RingShift.Target, in source: String? = nil, at moment: String? = nil) throws -> (AlarmFile, RingShift?) {
        let file = try AlarmFile.parse(source ?? text, path: "a.json", sounds: nil)
        let (outcome, shift) = try AlarmFileEdits.shift("work", target, in: file, state: ScheduleState(), now: instant(moment ?? now))
        guard let edit = outcome.edit else { return (file, shift) }
        return (try edit.validated(path: "a.json", sounds: nil).file, shift)
    }

    func testATimeMovesTheNextRingOnItsDay() throws {
        try withTimeZone("Europe/Berlin") {
            let (file, shift) = try shifted(.time(try TimeOfDay(parsing: "07:30")))
            let expected = RingShift(from: instant("2026-12-07T06:45:00+01:00"), to: instant("2026-12-07T07:30:00+01:00"))
            XCTAssertEqual(shift, expected)
            XCTAssertEqual(file.alarms[0].shift, expected)
            XCTAssertEqual(file.alarms[0].nextRing(after: instant(now)), instant("2026-12-07T07:30:00+01:00"))
        }
    }

    func testMovingAgainKeepsTheReplacedRingAndMovingBackClears() throws {
        try withTimeZone("Europe/Berlin") {
            let (once, _) = try shifted(.by(seconds: 1_800))
            let text = try AlarmEdit(document: once.document, alarmIndex: nil).validated(path: "a.json", sounds: nil).text
            let (twice, shift) = try shifted(.by(seconds: 900), in: text)
            XCTAssertEqual(shift, RingShift(from: instant("2026-12-07T06:45:00+01:00"), to: instant("2026-12-07T07:30:00+01:00")))
            XCTAssertEqual(twice.alarms[0].shift, shift)
            let (back, cleared) = try shifted(.time(try TimeOfDay(parsing: "06:45")), in: text)
            XCTAssertNil(cleared)
            XCTAssertNil(back.alarms[0].shift)
        }
    }

    func testTheRingCannotMovePastTheNextOneNorIntoThePast() throws {
        try withTimeZone("Europe/Berlin") {
            XCTAssertThrowsError(try shifted(.by(seconds: 86_400))) { error in
                XCTAssertEqual("\(error)", "Tue 08 Dec 06:45 is not before the ring after it (Tue 08 Dec 06:45); only the next ring moves")
            }
            XCTAssertThrowsError(try shifted(.time(try TimeOfDay(parsing: "06:00")), at: "2026-12-07T06:30:00+01:00")) { error in
                XCTAssertEqual("\(error)", "Mon 07 Dec 06:00 has passed; move the ring to a later time")
            }
            let file = try AlarmFile.parse(text, path: "a.json", sounds: nil)
            XCTAssertThrowsError(try AlarmFileEdits.shift("off", .by(seconds: 60), in: file, state: ScheduleState(), now: instant(now))) { error in
                XCTAssertEqual("\(error)", "off is off; there is no ring to move")
            }
        }
    }

    func testUnshiftRemovesTheShiftAndAReschedulingEditDropsIt() throws {
        try withTimeZone("Europe/Berlin") {
            let (file, _) = try shifted(.by(seconds: 600))
            let outcome = try AlarmFileEdits.unshift("work", in: file)
            XCTAssertNil(try XCTUnwrap(outcome.edit).validated(path: "a.json", sounds: nil).file.alarms[0].shift)
            var changes = AlarmChanges()
            changes.set("time", "07:00")
            let edited = try XCTUnwrap(try AlarmFileEdits.edit("work", changes, in: file).edit)
            XCTAssertNil(try edited.validated(path: "a.json", sounds: nil).file.alarms[0].shift)
        }
    }
}
