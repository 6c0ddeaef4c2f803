import Foundation
import XCTest

/// `run` with an alarm from the day's first appointment: it rings `before` the event, follows a
/// changed calendar like the alarms file, and rings at `otherwise` when the calendar's server is down.
final class RunFromCalendarTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func utc(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    private func calendar(_ events: [(start: Date, summary: String)]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN"]
        for (index, event) in events.enumerated() {
            lines += ["BEGIN:VEVENT", "UID:e\(index)", "DTSTART:" + utc(event.start, "yyyyMMdd'T'HHmmss'Z'"),
                      "DTEND:" + utc(event.start.addingTimeInterval(1800), "yyyyMMdd'T'HHmmss'Z'"), "SUMMARY:\(event.summary)", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    func testItRingsBeforeTheDaysFirstAppointmentAndFollowsAChangedCalendar() throws {
        let ring = scenario.at(secondsAhead: 4).date
        // Two minutes before, unless that crosses midnight (then the appointment's own day would not be the ring's).
        let before = utc(ring, "yyyy-MM-dd") == utc(ring.addingTimeInterval(120), "yyyy-MM-dd") ? 120 : 0
        let appointment = ring.addingTimeInterval(Double(before))
        try scenario.home.write("work.ics", calendar([(appointment.addingTimeInterval(3600), "Later"), (appointment, "Standup")]))
        try scenario.writeAlarms([#"{"id": "work", "days": "daily", "sound": "tone:beep", "fadeIn": 0, "ringFor": "2s", "fromCalendar": {"calendar": "work.ics", "before": "\#(before)s"}}"#])
        let next = try scenario.control(["next", "--alarms", scenario.alarmsPath, "--json"])
        XCTAssertTrue(next.stdout.contains(#""summary": "Standup""#), next.stdout)
        let run = try scenario.startRun()
        let fired = try XCTUnwrap(run.waitForLog("event=fired id=work", timeout: 10), run.stderr)
        XCTAssertEqual(fired.timeIntervalSince(ring), 0, accuracy: 1, "on its second: \(run.stderr)")
        // The next day's appointment, moved an hour later in the calendar: the schedule follows the file.
        let tomorrow = appointment.addingTimeInterval(86_400)
        try scenario.home.write("work.ics", calendar([(tomorrow.addingTimeInterval(3600), "Standup, moved")]))
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 10), run.stderr)
        let status = try scenario.control(["status", "--json"])
        XCTAssertTrue(status.stdout.contains(utc(tomorrow.addingTimeInterval(3600 - Double(before)), "yyyy-MM-dd'T'HH:mm:ss")), status.stdout)
    }

    func testACalendarWhoseServerIsDownRingsAtOtherwiseAndSaysSo() throws {
        let due = scenario.at(secondsAhead: 4)
        let otherwise = utc(due.date, "HH:mm:ss")
        try scenario.writeAlarms([#"{"id": "work", "days": "daily", "sound": "tone:beep", "fadeIn": 0, "ringFor": "2s", "fromCalendar": {"calendar": "http://127.0.0.1:9/work.ics", "otherwise": "\#(otherwise)"}}"#])
        let run = try scenario.startRun()
        let said = try XCTUnwrap(run.logLines("event=calendar_not_read").first, run.stderr)
        // A time on its minute is written without its seconds.
        let shown = otherwise.hasSuffix(":00") ? String(otherwise.dropLast(3)) : otherwise
        XCTAssertTrue(said.contains("id=work") && said.contains("rings=\(shown)"), said)
        XCTAssertNotNil(run.waitForLog("event=fired id=work", timeout: 10), "an alarm never vanishes because a server is down: \(run.stderr)")
        let next = try scenario.control(["next", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stdout.contains("rings at its fallback"), next.stdout)
    }
}
