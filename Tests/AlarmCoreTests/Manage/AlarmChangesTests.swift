import AlarmCore
import UnitTestSupport
import XCTest

final class AlarmChangesTests: XCTestCase {
    /// A mistyped year is refused when written, today's date is not.
    func testADateThatHasPassedIsRefusedWhenWritten() throws {
        let file = try AlarmFile.parse("{\"alarms\": []}", path: "alarms.json", sounds: nil)
        let today = try CalendarDate(parsing: "2026-12-02")
        var changes = AlarmChanges()
        changes.set("time", "07:00")
        changes.set("date", "2020-01-01")
        XCTAssertThrowsError(try AlarmFileEdits.add(changes, to: file, today: today)) { error in
            XCTAssertEqual((error as? AlarmEditRejected)?.problems, [.init(key: "date", message: "2020-01-01 has passed (today is 2026-12-02)")])
        }
        changes.set("date", "2026-12-02")
        XCTAssertNoThrow(try AlarmFileEdits.add(changes, to: file, today: today))
    }

    func testOptionValuesBecomeWhatAPersonWouldWrite() throws {
        XCTAssertEqual(try AlarmChanges.value(for: "time", typed: "6:45pm"), "18:45")
        XCTAssertEqual(try AlarmChanges.value(for: "days", typed: "mon,tue,wed,thu,fri"), "weekdays")
        XCTAssertEqual(try AlarmChanges.value(for: "days", typed: "Sun, wed"), ["wed", "sun"])
        XCTAssertEqual(try AlarmChanges.value(for: "sound", typed: "3"), 3)
        XCTAssertEqual(try AlarmChanges.value(for: "sound", typed: "tone:beep"), "tone:beep")
        XCTAssertEqual(try AlarmChanges.value(for: "volume", typed: "0.6"), 0.6)
        XCTAssertEqual(try AlarmChanges.value(for: "volume", typed: "loud"), "loud")
        XCTAssertEqual(try AlarmChanges.value(for: "volume", typed: "nan"), "nan")
        XCTAssertEqual(try AlarmChanges.value(for: "snooze", typed: "90"), 90)
        XCTAssertEqual(try AlarmChanges.value(for: "snooze", typed: "9m"), "9m")
        XCTAssertEqual(try AlarmChanges.value(for: "maxSnoozes", typed: "2"), 2)
        XCTAssertEqual(try AlarmChanges.value(for: "maxSnoozes", typed: "two"), "two")
        XCTAssertEqual(try AlarmChanges.value(for: "label", typed: "Gym"), "Gym")
        XCTAssertThrowsError(try AlarmChanges.value(for: "days", typed: "tues")) { error in
            XCTAssertEqual((error as? ValueError)?.message, "unknown weekday \"tues\" (did you mean \"tue\"?)")
        }
    }

    func testUntouchedKeysKeepTheirValuesAndPlaces() {
        var alarm: JSONValue = ["time": "06:45", "note-free-order": nil, "sound": 1, "id": "work"]
        var changes = AlarmChanges()
        changes.set("sound", "tone:chime")
        changes.apply(to: &alarm)
        XCTAssertEqual(keys(alarm), ["time", "note-free-order", "sound", "id"])
        XCTAssertEqual(alarm["sound"], "tone:chime")
        XCTAssertEqual(alarm["id"], "work")
    }

    func testNewKeysGoToTheirDocumentedPlace() {
        var alarm: JSONValue = ["id": "work", "time": "06:45", "volume": 0.5]
        var changes = AlarmChanges()
        changes.set("fadeIn", "2m")
        changes.set("label", "Work")
        changes.set("days", "weekdays")
        changes.set("enabled", false)
        changes.apply(to: &alarm)
        XCTAssertEqual(keys(alarm), ["id", "label", "time", "days", "enabled", "volume", "fadeIn"])
    }

    func testDaysAndDateReplaceEachOther() {
        var alarm: JSONValue = ["time": "06:45", "date": "2030-01-01"]
        var toDays = AlarmChanges()
        toDays.set("days", "weekends")
        toDays.apply(to: &alarm)
        XCTAssertEqual(alarm, ["time": "06:45", "days": "weekends"])
        var toDate = AlarmChanges()
        toDate.set("date", "2030-02-01")
        toDate.apply(to: &alarm)
        XCTAssertEqual(alarm, ["time": "06:45", "date": "2030-02-01"])
        var both = AlarmChanges()
        both.set("days", "daily")
        both.set("date", "2030-03-01")
        both.apply(to: &alarm)
        XCTAssertEqual(alarm, ["time": "06:45", "days": "daily", "date": "2030-03-01"], "both given is left for the decoder to report")
    }

    func testASkipIsDroppedWhenTheScheduleChangesOrTheAlarmIsSwitchedOff() {
        let skipped: JSONValue = ["time": "06:45", "days": "daily", "skip": "2030-01-01T06:45:00+01:00"]
        for (key, value) in [("time", "07:00"), ("days", "weekdays"), ("date", "2030-01-02"), ("enabled", false)] as [(String, JSONValue)] {
            var alarm = skipped
            var changes = AlarmChanges()
            changes.set(key, value)
            changes.apply(to: &alarm)
            XCTAssertNil(alarm["skip"], key)
        }
        var relabelled = skipped
        var changes = AlarmChanges()
        changes.set("label", "Gym")
        changes.apply(to: &relabelled)
        XCTAssertEqual(relabelled["skip"], "2030-01-01T06:45:00+01:00")
        var removedDays = skipped
        var removal = AlarmChanges()
        removal.remove("days")
        removal.apply(to: &removedDays)
        XCTAssertEqual(removedDays, ["time": "06:45"])
    }

    private func keys(_ value: JSONValue) -> [String] {
        value.members?.map(\.key) ?? []
    }
}

extension AlarmChangesTests {
    /// One time takes the place of the sun or a calendar, as of a time per day; other edits keep the rule.
    func testATimeReplacesWhatGaveEachDayItsTime() throws {
        let file = try AlarmFile.parse(#"""
            {"location": {"latitude": 52.52, "longitude": 13.4}, "alarms": [
             {"id": "dawn", "days": "weekdays", "sun": {"event": "sunrise", "offset": "-30m"}},
             {"id": "work", "days": "weekdays", "fromCalendar": {"calendar": "work.ics"}}]}
            """#, path: "alarms.json", sounds: nil)
        for id in ["dawn", "work"] {
            var changes = AlarmChanges()
            changes.set("time", "06:45")
            let edit = try XCTUnwrap(AlarmFileEdits.edit(id, changes, in: file).edit)
            let alarm = try XCTUnwrap(try AlarmFile.parse(JSONWriter.pretty(edit.document), path: "alarms.json", sounds: nil).alarm(named: id))
            XCTAssertEqual(alarm.time.description, "06:45", id)
            XCTAssertNil(alarm.dayRuleText, id)
            XCTAssertEqual(alarm.repeats, .weekly(.weekdays), id)
            var label = AlarmChanges()
            label.set("label", "Up")
            let labelled = try XCTUnwrap(AlarmFileEdits.edit(id, label, in: file).edit)
            XCTAssertNotNil(try AlarmFile.parse(JSONWriter.pretty(labelled.document), path: "alarms.json", sounds: nil).alarm(named: id)?.dayRuleText, id)
        }
    }
}
