import Foundation
import XCTest

/// `run` with `skipDays`: `GET /calendar.ics` (with the page's token) lists the rings a calendar
/// leaves, a changed calendar is reloaded like the alarms file, and a broken one keeps the last
/// good copy in force.
final class RunCalendarTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// `20261225` of `days` days from now (the scenario's zone is UTC).
    private func day(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd"
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    private func calendar(_ day: String, summary: String = "Holiday") -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN", "BEGIN:VEVENT", "UID:h", "DTSTART;VALUE=DATE:\(day)",
         "SUMMARY:\(summary)", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    /// The days (`20261225`) the feed has a ring on.
    private func ringDays(_ client: WebClient) throws -> Set<String> {
        let feedToken = try String(contentsOfFile: scenario.home.file("state/alarmplay/feed-token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let feed = try client.get("/calendar.ics?token=\(feedToken)")
        XCTAssertEqual(feed.status, 200, feed.body)
        XCTAssertTrue(feed.headers.contains("Content-Type: text/calendar; charset=utf-8"), feed.headers)
        XCTAssertTrue(feed.body.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"), feed.body)
        return Set(feed.body.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART:") }.map { String($0.dropFirst(8).prefix(8)) })
    }

    func testTheFeedFollowsTheCalendarAndABrokenCalendarKeepsTheLastGoodCopy() throws {
        try scenario.home.write("holidays.ics", calendar(day(3)))
        try scenario.home.write("alarms.json", #"{"skipDays": ["holidays.ics"], "alarms": [{"id": "work", "label": "Work", "time": "23:59:30", "days": "daily"}]}"#)
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        var anonymous = client
        anonymous.token = nil
        XCTAssertEqual(try anonymous.get("/calendar.ics").status, 401)
        XCTAssertEqual(try anonymous.get("/calendar.ics?token=\(client.token!)").status, 401, "the page's token does not open the feed")
        let feedToken = try String(contentsOfFile: scenario.home.file("state/alarmplay/feed-token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(try anonymous.get("/calendar.ics?token=\(feedToken)").status, 200, "a calendar app subscribes with the feed's token in the address")
        var reader = client
        reader.token = feedToken
        XCTAssertEqual(try reader.get("/api/status").status, 401, "the feed's token reads the feed and nothing else")
        XCTAssertEqual(try anonymous.get("/?token=\(feedToken)").status, 401)
        let shown = try scenario.control(["web", "--json"])
        XCTAssertTrue(shown.stdout.contains("/calendar.ics?token=\(feedToken)"), shown.stdout)

        var days = try ringDays(client)
        XCTAssertTrue(days.contains(day(2)) && days.contains(day(4)) && days.contains(day(1)), "\(days)")
        XCTAssertFalse(days.contains(day(3)), "the holiday has no ring: \(days)")
        XCTAssertEqual(days.count, 59, "60 days ahead, less the holiday: \(days.sorted())")
        let offline = try scenario.control(["next", "--alarms", scenario.alarmsPath, "--ics"])
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertEqual(Set(offline.stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART:") }.map { String($0.dropFirst(8).prefix(8)) }), days,
                       "next --ics writes what run serves")

        try scenario.home.write("holidays.ics", calendar(day(2), summary: "Moved"))
        XCTAssertNotNil(run.waitForLog("event=reloaded"), run.stderr)
        days = try ringDays(client)
        XCTAssertFalse(days.contains(day(2)), "the edited calendar is in force: \(days.sorted())")
        XCTAssertTrue(days.contains(day(3)))

        try scenario.home.write("holidays.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:soon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        XCTAssertNotNil(run.waitForLog("event=skip_days_not_read"), run.stderr)
        let line = try XCTUnwrap(run.logLines("event=skip_days_not_read").first, run.stderr)
        XCTAssertTrue(line.contains("calendar=holidays.ics") && line.contains("holidays.ics:3: Can't parse as DATE value in DTSTART property")
                      && line.contains("alarms=work") && line.contains("skips=last_good"), line)
        XCTAssertNotNil(run.waitForLog("event=reloaded", count: 2), "the file itself is in force: \(run.stderr)")
        days = try ringDays(client)
        XCTAssertFalse(days.contains(day(2)), "the last good calendar stays in force: \(days.sorted())")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
