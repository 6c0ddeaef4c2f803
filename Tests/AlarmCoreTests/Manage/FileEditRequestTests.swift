@testable import AlarmCore
import UnitTestSupport
import XCTest

/// Which requests edit the file, and what each edit's answer names.
final class FileEditRequestTests: XCTestCase {
    private let today = CalendarDate(year: 2026, month: 12, day: 7)

    private func request(_ asked: ControlRequest) -> FileEditRequest? {
        FileEditRequest(asked, today: today, schedule: ScheduleState(), now: 1_796_630_400)
    }

    func testOnlyEditsAreFileEditsAndOnlyAnAddRemakesAMissingFile() {
        XCTAssertNil(request(.status))
        XCTAssertNil(request(.snooze(id: nil)))
        XCTAssertEqual(request(.addAlarm(AlarmChanges()))?.remakesMissing, true)
        XCTAssertEqual(request(.removeAlarm(id: "wake"))?.remakesMissing, false)
    }

    func testSwitchingOnRearmsAndSwitchingOffDoesNot() {
        XCTAssertEqual(request(.setEnabled(id: "wake", true))?.rearms, "wake")
        XCTAssertNil(request(.setEnabled(id: "wake", false))?.rearms)
        XCTAssertNil(request(.skip(id: "wake"))?.rearms)
    }

    func testARemovalNamesTheAlarmAndAnEditItsIndex() throws {
        try withTimeZone("UTC") {
            let file = try AlarmFile.parse(#"{"alarms": [{"id": "nap", "time": "16:00"}, {"id": "wake", "time": "06:45"}]}"#,
                                           path: "a.json", sounds: nil)
            let removed = try XCTUnwrap(request(.removeAlarm(id: "wake"))).change(file)
            XCTAssertEqual(removed.result, .removed(id: "wake"))
            XCTAssertNotNil(removed.edit)
            XCTAssertEqual(try XCTUnwrap(request(.setEnabled(id: "wake", false))).change(file).result, .alarm(index: 1))
            XCTAssertThrowsError(try XCTUnwrap(request(.removeAlarm(id: "nosuch"))).change(file))
        }
    }

    func testTheReplyListsTheEditedAlarmAsItIsNowOrNamesTheOneRemoved() throws {
        try withTimeZone("UTC") {
            let file = try AlarmFile.parse(#"{"alarms": [{"id": "nap", "time": "16:00"}, {"id": "wake", "time": "06:45"}]}"#,
                                           path: "a.json", sounds: nil)
            let snapshot = ScheduleModel(clock: ManualClock(Instant(seconds: 1_796_630_400))).snapshot(heard: nil, bell: false)
            let listing = { (alarm: Alarm) in snapshot.listing(alarm, sound: nil) }
            guard case let .edited(edited?) = FileEditRequest.reply(file, .alarm(index: 1), listing: listing) else { return XCTFail("no listing") }
            XCTAssertEqual(edited.alarm.name, "wake")
            XCTAssertEqual(FileEditRequest.reply(file, .alarm(index: 2), listing: listing), .edited(nil), "an index the file no longer has")
            XCTAssertEqual(FileEditRequest.reply(file, .removed(id: "nap"), listing: listing), .removed(id: "nap"))
        }
    }
}
