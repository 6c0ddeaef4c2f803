import Foundation
import XCTest

/// A `skipDays` URL through a local HTTP server (Python's http.server): fetched and cached by
/// the first command, used from the cache while the server is down, `run`'s refresher says it
/// could not refresh (and `doctor` repeats it), and a changed calendar is in force once the
/// server is back.
final class RemoteCalendarTests: XCTestCase {
    var scenario: RunScenario!
    private var served: URL!
    private var server: RunningProcess?

    override func setUpWithError() throws {
        scenario = try RunScenario()
        served = URL(fileURLWithPath: scenario.home.file("served"))
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
    }

    override func tearDown() {
        stopServer()
        scenario.tearDown()
    }

    private static let script = """
        import functools, http.server, sys
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// Starts the server (on `port`, 0: any free one) and returns its port.
    private func startServer(port: Int = 0) throws -> Int {
        let process = RunningProcess(["-c", Self.script, served.path, String(port)], environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/python3")
        try process.start()
        server = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let port = Int(process.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) { return port }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("the HTTP server did not start: \(process.stderr)")
        return 0
    }

    private func stopServer() {
        server?.signal(SIGKILL)
        _ = server?.wait(timeout: 5)
        server = nil
    }

    private func publish(_ day: String, _ summary: String) throws {
        try ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN", "BEGIN:VEVENT", "UID:h", "DTSTART;VALUE=DATE:\(day)",
             "SUMMARY:\(summary)", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
            .write(to: served.appendingPathComponent("holidays.ics"), atomically: true, encoding: .utf8)
    }

    private func next() throws -> String {
        let result = try scenario.control(["next", "--alarms", scenario.alarmsPath, "--after", "2026-12-24T12:00:00Z", "--count", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testCachedUsedWhileTheServerIsDownAndRefreshedWhenItIsBack() throws {
        try publish("20261225", "Christmas Day")
        let port = try startServer()
        let url = "http://127.0.0.1:\(port)/holidays.ics"
        try scenario.home.write("alarms.json", #"{"skipDays": ["\#(url)"], "alarms": [{"id": "work", "time": "07:00", "days": "daily"}]}"#)
        XCTAssertTrue(try next().hasPrefix("work  skipped: Fri 25 Dec — Christmas Day (holidays.ics)\n"))

        stopServer()
        XCTAssertTrue(try next().hasPrefix("work  skipped: Fri 25 Dec — Christmas Day (holidays.ics)\n"), "from the cache while the server is down")

        scenario.extraEnvironment["ALARMPLAY_CALENDAR_REFRESH"] = "1"
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=calendar_refresh_failed"), run.stderr)
        XCTAssertTrue(run.logLines("event=calendar_refresh_failed").first?.contains("url=\(url)") == true, run.stderr)
        let doctor = try scenario.control(["doctor", "--alarms", scenario.alarmsPath])
        let line = doctor.stdout.split(separator: "\n").first { $0.contains("calendar \(url)") }.map(String.init) ?? doctor.stdout
        XCTAssertTrue(line.hasPrefix("⚠ calendar \(url): could not be refreshed: cannot connect to the server; "), line)
        XCTAssertTrue(line.contains("; using the copy from "), line)

        try publish("20261226", "Boxing Day")
        _ = try startServer(port: port)
        XCTAssertNotNil(run.waitForLog("event=calendar_refreshed"), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=reloaded"), "a fresh copy reloads like an edited file: \(run.stderr)")
        XCTAssertEqual(try next(), "work  Fri 25 Dec 2026 07:00:00 UTC  (in 19h)\nwork  skipped: Sat 26 Dec — Boxing Day (holidays.ics)\nwork  Sun 27 Dec 2026 07:00:00 UTC  (in 2d 19h)\n")
        let after = try scenario.control(["doctor", "--alarms", scenario.alarmsPath])
        XCTAssertTrue(after.stdout.contains("✔ calendar \(url): using the copy from "), after.stdout)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }

    /// The check before a ring from a remote calendar fetches it again: a meeting moved earlier
    /// since `run` last fetched it rings at its new time.
    func testTheCheckBeforeARingFromARemoteCalendarFetchesItAgain() throws {
        func publish(_ start: Date) throws {
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            try ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN", "BEGIN:VEVENT", "UID:m", "DTSTART:" + formatter.string(from: start),
                 "DTEND:" + formatter.string(from: start.addingTimeInterval(1800)), "SUMMARY:Meeting", "END:VEVENT", "END:VCALENDAR", ""]
                .joined(separator: "\r\n").write(to: served.appendingPathComponent("work.ics"), atomically: true, encoding: .utf8)
        }
        let first = scenario.at(secondsAhead: 18).date, moved = scenario.at(secondsAhead: 13).date
        try publish(first)
        let port = try startServer()
        scenario.extraEnvironment["ALARMPLAY_CALENDAR_REFRESH"] = "3600"
        try scenario.home.write("alarms.json", #"{"alarms": [{"id": "work", "days": "daily", "sound": "tone:beep", "fadeIn": 0, "ringFor": "2s", "preflight": "10s", "fromCalendar": {"calendar": "http://127.0.0.1:\#(port)/work.ics"}}]}"#)
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 5), "the first copy fetched: \(run.stderr)")
        try publish(moved)
        let fired = try XCTUnwrap(run.waitForLog("event=fired id=work", timeout: 20), run.stderr)
        XCTAssertEqual(fired.timeIntervalSince(moved), 0, accuracy: 1, "at the moved meeting's time: \(run.stderr)")
        XCTAssertEqual(run.logLines("event=calendar_refreshed").count, 2, run.stderr)
    }
}
