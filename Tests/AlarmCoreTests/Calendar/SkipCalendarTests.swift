import AlarmCore
import AlarmRuntime
import FaceMQTT
import UnitTestSupport
import Foundation
import XCTest

/// Which local days an iCalendar file covers, read through libical: all-day, multi-day and
/// timed events, a yearly RRULE with an EXDATE, a weekly one across New York's DST change with
/// an EXDATE, an RDATE and a cancelled occurrence, a TZID other than the local zone, a
/// cancelled event; then the skips an alarm takes from them across the year end.
final class SkipCalendarTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try CalendarFixture.folder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func calendar(now: String = "2026-12-01T12:00:00+01:00") throws -> SkipCalendar {
        let loader = CalendarLoader(alarmsPath: folder.appendingPathComponent("alarms.json").path, cacheFolder: folder.path, now: instant(now))
        return try loader.load(loader.source("holidays.ics"))
    }

    private func covered(_ calendar: SkipCalendar, from: String, through: String) -> Set<CalendarDate> {
        let (first, last) = (try! CalendarDate(parsing: from), try! CalendarDate(parsing: through))
        return Set(calendar.days.keys.filter { $0 >= first && $0 <= last })
    }

    func testTheDaysCoveredInBerlin() throws {
        try withTimeZone("Europe/Berlin") {
            let calendar = try calendar()
            XCTAssertEqual(calendar.name, "holidays.ics")
            // 22:00 in New York on 31 December is 04:00 on 1 January in Berlin; 18:30 in New York is
            // 00:30 in Berlin while New York keeps standard time, 23:30 once it has switched (14 March),
            // 00:30 again once Berlin has too (the RDATE on 2 April); 21 March is cancelled, 28 March an EXDATE.
            XCTAssertEqual(covered(calendar, from: "2026-12-01", through: "2027-12-31"), CalendarFixture.dates(
                "2026-12-25", "2026-12-28", "2026-12-29", "2026-12-30", "2027-01-01", "2027-01-05", "2027-01-08",
                "2027-03-08", "2027-03-14", "2027-04-03", "2027-03-29"))
            XCTAssertEqual(calendar.days[try CalendarDate(parsing: "2028-12-25")], "Christmas Day", "the yearly rule goes on after its EXDATE")
            XCTAssertEqual(calendar.days[try CalendarDate(parsing: "2026-12-29")], "Winter break")
            XCTAssertEqual(calendar.days[try CalendarDate(parsing: "2027-01-01")], "New Year's Eve in New York")
        }
    }

    func testTheSameFileInNewYork() throws {
        try withTimeZone("America/New_York") {
            let calendar = try calendar()
            XCTAssertEqual(covered(calendar, from: "2026-12-01", through: "2027-12-31"), CalendarFixture.dates(
                "2026-12-25", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-05", "2027-01-08",
                "2027-03-07", "2027-03-14", "2027-04-02", "2027-03-29"))
        }
    }

    func testADailyAlarmSkipsExactlyThoseDaysAcrossTheYearEnd() throws {
        try withTimeZone("Europe/Berlin") {
            var work = alarm("07:00", days("daily"), id: "work")
            work.skipDays = SkipDays(sources: ["holidays.ics"], calendars: [try calendar()])
            let snapshot = Snapshot(alarms: [work], state: DaemonState(), pausedUntil: nil, now: instant("2026-12-24T12:00:00+01:00"))
            let (rings, skipped) = snapshot.upcomingExplained(count: 5)
            let format = TimeFormat()
            XCTAssertEqual(rings.map { format.iso($0.at) }, [
                "2026-12-26T07:00:00+01:00", "2026-12-27T07:00:00+01:00", "2026-12-31T07:00:00+01:00",
                "2027-01-02T07:00:00+01:00", "2027-01-03T07:00:00+01:00",
            ])
            XCTAssertEqual(skipped.map { $0.line(format: format) }, [
                "skipped: Fri 25 Dec — Christmas Day (holidays.ics)", "skipped: Mon 28 Dec — Winter break (holidays.ics)",
                "skipped: Tue 29 Dec — Winter break (holidays.ics)", "skipped: Wed 30 Dec — Winter break (holidays.ics)",
                "skipped: Fri 01 Jan — New Year's Eve in New York (holidays.ics)",
            ])
            XCTAssertEqual(snapshot.next?.at, instant("2026-12-26T07:00:00+01:00"), "what rings next honours the calendar")
        }
    }

    func testAcrossBerlinsSpringForward() throws {
        try withTimeZone("Europe/Berlin") {
            var early = alarm("02:30", days("daily"), id: "early")
            early.skipDays = SkipDays(sources: ["holidays.ics"], calendars: [try calendar(now: "2027-03-01T12:00:00+01:00")])
            let (ring, skipped) = early.nextRingExplained(after: instant("2027-03-28T04:00:00+02:00"))
            XCTAssertEqual(skipped.map(\.at), [instant("2027-03-29T02:30:00+02:00")])
            XCTAssertEqual(ring, instant("2027-03-30T02:30:00+02:00"))
            // The day of the change itself rings at the end of the gap: no event covers it.
            XCTAssertEqual(early.nextRing(after: instant("2027-03-27T12:00:00+01:00")), instant("2027-03-28T03:00:00+02:00"))
        }
    }

    func testAnAlarmWithoutCalendarsIsUnchanged() {
        let plain = alarm("07:00", days("daily"))
        XCTAssertTrue(plain.nextRingExplained(after: instant("2026-12-24T12:00:00+01:00")).skipped.isEmpty)
    }
}
