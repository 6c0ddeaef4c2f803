@testable import AlarmCore
import UnitTestSupport
import XCTest

/// The alarms file taken into the schedule: what is said of it, in order, and what it puts in
/// force. (UTC; Mon 7 Dec 2026, 06:00.)
final class ScheduleModelFileTests: XCTestCase {
    func testAFileSaysItsUnreadCalendarsThenLoadedWithItsNextRingAndPause() throws {
        try withTimeZone("UTC") {
            var file = try AlarmFile.parse(#"""
                {"hooks": [{"on": "fired", "run": ["true"]}],
                 "alarms": [{"id": "work", "time": "06:45", "days": "weekdays"},
                            {"id": "meet", "days": "weekdays", "fromCalendar": {"calendar": "https://example.org/work.ics", "latest": "08:45"}},
                            {"id": "off", "time": "05:00", "enabled": false}]}
                """#, path: "alarms.json", sounds: nil)
            file.alarms[1].fromCalendar?.problem = "couldn't connect to server"
            var model = ScheduleModel(clock: ManualClock(Instant(seconds: instant("2026-12-07T06:00:00+00:00"))))
            let said = model.use(file, reloaded: true, lastGoodCopy: nil)
            XCTAssertEqual(said, [
                .calendarNotRead(id: "meet", calendar: "https://example.org/work.ics", problem: "couldn't connect to server", fallback: "08:45"),
                .loaded(ScheduleLoaded(reloaded: true, count: 3, enabled: 2,
                                       next: ScheduleLoaded.Next(id: "work", at: instant("2026-12-07T06:45:00+00:00")))),
            ])
            XCTAssertEqual(model.fileHooks.map(\.on), [.fired])
            XCTAssertEqual(model.fileAlarms.map(\.name), ["work", "meet", "off"])
        }
    }

    /// A skip-days calendar that cannot be read is said once with the alarms it concerns, and
    /// whether the days of its last good read are kept; the file is in force all the same.
    func testAnUnreadSkipCalendarIsSaidOnceThenTheFileLoads() throws {
        try withTimeZone("UTC") {
            var file = try AlarmFile.parse(#"""
                {"skipDays": ["holidays.ics"],
                 "alarms": [{"id": "work", "time": "06:45", "days": "weekdays"}, {"id": "gym", "time": "18:00", "days": ["fri"]},
                            {"id": "once", "time": "05:00"}]}
                """#, path: "alarms.json", sounds: nil)
            let christmas = SkipCalendar(name: "holidays.ics", days: [try CalendarDate(parsing: "2026-12-25"): "Christmas"], problem: "holidays.ics:3: expected a NAME:VALUE line")
            file.alarms[0].skipDays.calendars = [christmas]
            file.alarms[1].skipDays.calendars = [christmas]
            var model = ScheduleModel(clock: ManualClock(Instant(seconds: instant("2026-12-07T06:00:00+00:00"))))
            let said = model.use(file, reloaded: true, lastGoodCopy: nil)
            XCTAssertEqual(said.first, .skipDaysNotRead(calendar: "holidays.ics", problem: "holidays.ics:3: expected a NAME:VALUE line",
                                                        alarms: ["work", "gym"], keptLastGood: true))
            XCTAssertEqual(said.first?.fields.last, EventField("skips", .text("last_good")))
            XCTAssertEqual(said.count, 2)
            XCTAssertEqual(model.fileAlarms.count, 3)
        }
    }
}

extension ScheduleModelFileTests {
    /// A calendar over its budget is said once, with every alarm that uses it (skip days and
    /// appointments alike), by `run` and by `validate`; its days read count.
    func testACalendarCutShortIsSaidOnceWithItsAlarms() throws {
        try withTimeZone("UTC") {
            var file = try AlarmFile.parse(#"""
                {"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "skipDays": ["busy.ics"]},
                            {"id": "meet", "days": "weekdays", "fromCalendar": {"calendar": "busy.ics", "otherwise": "07:00"}}]}
                """#, path: "alarms.json", sounds: nil)
            var budget = CalendarBudget.standard
            budget.cut(.steps)
            let busy = SkipCalendar(name: "busy.ics", days: [try CalendarDate(parsing: "2026-12-08"): "every minute"])
            file.alarms[0].skipDays.calendars = [busy]
            file.alarms[0].skipDays.calendars[0].cutShort = budget.cutShort
            file.alarms[1].fromCalendar?.appointments = AppointmentDays(name: "busy.ics", events: [], zone: .current, cutShort: budget.cutShort)
            XCTAssertNil(CalendarBudget.standard.cutShort, "within the budget: nothing to say")
            var model = ScheduleModel(clock: ManualClock(Instant(seconds: instant("2026-12-07T06:00:00+00:00"))))
            let said = model.use(file, reloaded: true, lastGoodCopy: nil)
            let cut = try XCTUnwrap(budget.cutShort)
            XCTAssertEqual(said.first, .calendarCutShort(calendar: "busy.ics", reason: cut, alarms: ["work", "meet"]))
            XCTAssertEqual(said.first?.level, .warning)
            XCTAssertEqual(said.count, 2)
            XCTAssertEqual(file.warnings(at: instant("2026-12-07T06:00:00+00:00")),
                           ["alarms.json: calendar busy.ics is cut short for work, meet: " + cut])
        }
    }

    func testADaysWhyNamesFiveEventsAtMost() throws {
        let day = try CalendarDate(parsing: "2026-12-08")
        let events = (1...8).map { CalendarEvent(summary: "event \($0 % 7)", span: .days(day, through: day)) }
        let calendar = SkipCalendar(name: "busy.ics", events: events, zone: .current)
        XCTAssertEqual(calendar.days[day], "event 1, event 2, event 3, event 4, event 5, …")
    }
}
