@testable import AlarmCore
import UnitTestSupport
import XCTest

/// Rings from the day's first appointment: its start less `before`, kept between the bounds; a day
/// without one rings at `otherwise` or not at all; a calendar not read rings at the fallback.
final class AppointmentRuleTests: XCTestCase {
    private func alarm(_ rule: String, days: String = "weekdays") throws -> Alarm {
        try AlarmFile.parse(#"{"alarms": [{"id": "work", "days": "\#(days)", "fromCalendar": \#(rule)}]}"#, path: "alarms.json", sounds: nil).alarms[0]
    }

    /// Events in Berlin's zone (the test's): `"2026-12-07T09:30"` for an hour.
    private func reading(_ alarm: Alarm, _ events: [(String, String)], allDay: [String] = []) throws -> Alarm {
        var alarm = alarm
        let timed = events.map { CalendarEvent(summary: $0.1, span: .instants(instant($0.0 + ":00+01:00"), until: instant($0.0 + ":00+01:00") + 3600)) }
        let days = try allDay.map { CalendarEvent(summary: "Holiday", span: .days(try CalendarDate(parsing: $0), through: try CalendarDate(parsing: $0))) }
        alarm.fromCalendar?.appointments = AppointmentDays(name: "work.ics", events: days + timed, zone: .current)
        return alarm
    }

    private func rings(_ alarm: Alarm, after: String, count: Int) -> [String] {
        RingTimeline(alarms: [alarm], state: DaemonState(), after: instant(after)).prefix(count).map { TimeFormat().iso($0.at) }
    }

    func testTheFirstTimedEventLessBeforeWithinTheBoundsAndAllDayEventsDoNotCount() throws {
        try withTimeZone("Europe/Berlin") {
            let work = try reading(try alarm(#"{"calendar": "work.ics", "before": "1h30m", "earliest": "06:00", "latest": "08:30"}"#), [
                ("2026-12-07T10:00", "Review"), ("2026-12-07T09:30", "Standup"), // the first of the day, not the first in the file
                ("2026-12-08T07:00", "Flight"), // 05:30 is before earliest
                ("2026-12-09T11:00", "Lunch"), // 09:30 is after latest
            ], allDay: ["2026-12-08"])
            XCTAssertEqual(rings(work, after: "2026-12-07T00:00:00+01:00", count: 3),
                           ["2026-12-07T08:00:00+01:00", "2026-12-08T06:00:00+01:00", "2026-12-09T08:30:00+01:00"])
        }
    }

    func testADayWithoutAnAppointmentIsSkippedAndSaysWhyOrRingsAtOtherwise() throws {
        try withTimeZone("Europe/Berlin") {
            let bare = try reading(try alarm(#"{"calendar": "work.ics"}"#), [("2026-12-08T09:00", "Standup")])
            let next = bare.nextRingExplained(after: instant("2026-12-07T00:00:00+01:00"))
            XCTAssertEqual(next.skipped.first?.reason, .noAppointment(calendar: "work.ics"))
            XCTAssertEqual(next.skipped.first?.reason.text, "no timed event in work.ics")
            XCTAssertEqual(rings(bare, after: "2026-12-07T00:00:00+01:00", count: 1), ["2026-12-08T09:00:00+01:00"])
            let otherwise = try reading(try alarm(#"{"calendar": "work.ics", "otherwise": "07:15"}"#), [("2026-12-08T09:00", "Standup")])
            XCTAssertEqual(rings(otherwise, after: "2026-12-07T00:00:00+01:00", count: 2), ["2026-12-07T07:15:00+01:00", "2026-12-08T09:00:00+01:00"])
        }
    }

    func testACalendarNotReadRingsEveryDayAtItsFallbackNeverNot() throws {
        try withTimeZone("Europe/Berlin") {
            var unread = try alarm(#"{"calendar": "https://example.org/work.ics", "latest": "08:45"}"#)
            unread.fromCalendar?.problem = "couldn't connect to server"
            XCTAssertEqual(rings(unread, after: "2026-12-07T00:00:00+01:00", count: 2), ["2026-12-07T08:45:00+01:00", "2026-12-08T08:45:00+01:00"])
            XCTAssertEqual(unread.appointmentDay(forRingAt: instant("2026-12-07T08:45:00+01:00")),
                           .unread(TimeOfDay(hour: 8, minute: 45), problem: "couldn't connect to server"))
            XCTAssertEqual(unread.fromCalendar?.calendarName, "work.ics")
        }
    }

    func testAnAppointmentJustAfterMidnightRingsAtTheDaysFirstMomentThenTheBounds() throws {
        try withTimeZone("Europe/Berlin") {
            let early = try reading(try alarm(#"{"calendar": "work.ics", "before": "2h", "earliest": "00:30"}"#, days: "daily"), [("2026-12-07T01:00", "Night shift")])
            XCTAssertEqual(rings(early, after: "2026-12-06T12:00:00+01:00", count: 1), ["2026-12-07T00:30:00+01:00"])
        }
    }

    func testItsProblemsAreLocated() {
        for (rule, message) in [(#"{"before": "1h"}"#, "fromCalendar needs \"calendar\""),
                                (#"{"calendar": "w.ics", "befor": "1h"}"#, "unknown key \"befor\""),
                                (#"{"calendar": "w.ics", "earliest": "09:00", "latest": "08:00"}"#, "latest (08:00) is before earliest (09:00)"),
                                (#"{"calendar": 3}"#, "calendar must be a file name or an https:// URL")] {
            XCTAssertThrowsError(try alarm(rule)) { error in
                let lines = (error as? AlarmFileError)?.lines ?? []
                XCTAssertTrue(lines.contains { $0.contains(message) }, "\(rule): \(lines)")
            }
        }
        XCTAssertThrowsError(try AlarmFile.parse(#"{"alarms": [{"date": "2026-12-07", "fromCalendar": {"calendar": "w.ics"}}]}"#, path: "a.json", sounds: nil)) {
            XCTAssertTrue(($0 as? AlarmFileError)?.lines.contains { $0.contains("\"fromCalendar\" goes with \"days\"") } == true, "\($0)")
        }
        XCTAssertThrowsError(try AlarmFile.parse(#"{"alarms": [{"time": "07:00", "days": "daily", "fromCalendar": {"calendar": "w.ics"}}]}"#, path: "a.json", sounds: nil)) {
            XCTAssertTrue(($0 as? AlarmFileError)?.lines.contains { $0.contains("give \"fromCalendar\" or \"time\"") } == true, "\($0)")
        }
    }
}
