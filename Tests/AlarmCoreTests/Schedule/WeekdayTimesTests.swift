@testable import AlarmCore
import UnitTestSupport
import XCTest

/// `"times"`: a time per weekday in one alarm. (UTC; Mon 7 Dec 2026.)
final class WeekdayTimesTests: XCTestCase {
    private func parse(_ alarm: String) throws -> Alarm {
        try AlarmFile.parse(#"{"alarms": [\#(alarm)]}"#, path: "alarms.json", sounds: nil).alarms[0]
    }

    private func problems(_ alarm: String) -> [String] {
        do {
            _ = try parse(alarm)
            return []
        } catch {
            return (error as? AlarmFileError)?.lines ?? ["\(error)"]
        }
    }

    func testEachDayRingsAtItsOwnTimeAndADaysOwnKeyWinsOverAGroup() throws {
        let alarm = try parse(#"{"id": "work", "times": {"wed": "07:00", "weekdays": "06:30", "sat": "09:30"}}"#)
        XCTAssertEqual(alarm.timesText, "mon,tue,thu,fri 06:30, wed 07:00, sat 09:30")
        let rings = withTimeZone("UTC") {
            RingTimeline(alarms: [alarm], state: DaemonState(), after: instant("2026-12-07T08:00:00+00:00")).prefix(6).map { TimeFormat().iso($0.at) }
        }
        XCTAssertEqual(rings, ["2026-12-08T06:30:00+00:00", "2026-12-09T07:00:00+00:00", "2026-12-10T06:30:00+00:00",
                               "2026-12-11T06:30:00+00:00", "2026-12-12T09:30:00+00:00", "2026-12-14T06:30:00+00:00"])
    }

    func testUnknownDaysADayTwiceAndTimesBesideTimeAreLocated() {
        XCTAssertTrue(problems(#"{"times": {"tues": "06:30"}}"#).first?.contains("unknown weekday \"tues\" (did you mean \"tue\"?)") == true,
                      "\(problems(#"{"times": {"tues": "06:30"}}"#))")
        let twice = problems(#"{"times": {"mon": "06:30", "monday": "07:00"}}"#)
        XCTAssertTrue(twice.first?.contains("mon given twice, by \"mon\" and \"monday\"") == true, "\(twice)")
        let groups = problems(#"{"times": {"daily": "06:30", "weekends": "09:00"}}"#)
        XCTAssertTrue(groups.first?.contains("weekends given twice, by \"daily\" and \"weekends\"") == true, "\(groups)")
        let beside = problems(#"{"time": "06:30", "times": {"mon": "07:00"}}"#)
        XCTAssertTrue(beside.first?.contains("give \"times\" or \"time\", not both") == true, "\(beside)")
        XCTAssertFalse(problems(#"{"times": {"mon": "25:00"}}"#).isEmpty)
    }
}

extension WeekdayTimesTests {
    func testTheCommandLinesTimesAndOneTimeInPlaceOfThemKeepingTheDays() throws {
        XCTAssertEqual(JSONWriter.compact(try AlarmChanges.value(for: "times", typed: "weekdays=6:30, sat=9:30pm")),
                       #"{"weekdays": "06:30", "sat": "21:30"}"#)
        XCTAssertThrowsError(try AlarmChanges.value(for: "times", typed: "mon 6:30"))
        XCTAssertThrowsError(try AlarmChanges.value(for: "times", typed: "tues=6:30"))
        let file = try AlarmFile.parse(#"{"alarms": [{"id": "work", "times": {"mon": "06:30", "sat": "09:30"}}]}"#, path: "a.json", sounds: nil)
        var changes = AlarmChanges()
        // As the page and Home Assistant's time entity send it: the time alone.
        changes.set("time", .string("07:00"))
        let edited = try XCTUnwrap(AlarmFileEdits.edit("work", changes, in: file).edit)
        let alarm = try AlarmFile.parse(JSONWriter.pretty(edited.document), path: "a.json", sounds: nil).alarms[0]
        XCTAssertEqual(alarm.time.description, "07:00")
        XCTAssertEqual(alarm.repeats, .weekly(WeekdaySet([.monday, .saturday])), "the days the times had")
        XCTAssertTrue(alarm.times.isEmpty)
    }
}

extension WeekdayTimesTests {
    /// As for one time: the id comes from the label, else the time (a time per day's first).
    func testAnAlarmAddedWithTimesGetsAnIdFromItsLabelElseItsFirstTime() throws {
        let file = try AlarmFile.parse(#"{"alarms": [{"id": "gym", "time": "06:00"}]}"#, path: "a.json", sounds: nil)
        var changes = AlarmChanges()
        changes.set("times", try AlarmChanges.value(for: "times", typed: "mon=6:30,sat=9:30"))
        var labelled = changes
        labelled.set("label", .string("Gym"))
        let added = { (changes: AlarmChanges) in
            let edit = try XCTUnwrap(AlarmFileEdits.add(changes, to: file).edit)
            return try AlarmFile.parse(JSONWriter.pretty(edit.document), path: "a.json", sounds: nil).alarms[1].id
        }
        XCTAssertEqual(try added(labelled), "gym-2")
        XCTAssertEqual(try added(changes), "06h30")
    }
}
