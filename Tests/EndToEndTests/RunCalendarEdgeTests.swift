import Foundation
import XCTest

/// Calendars at the edges of a real `run --http`: the page's token names calendars only by the
/// names the file gives them, so it reads no file and reaches no address through one; a calendar
/// that cannot be read never stops an edit (the page can always fix or remove the alarm that names it).
final class RunCalendarEdgeTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// A file gone and a server that never answers: every page edit is made at once (it was a
    /// 409 "the alarms file has problems", or a 30 s wait on the server under the file's lock),
    /// `alarmplay add` works, and `run` says which alarms ring on the days it cannot read.
    func testACalendarThatCannotBeReadLocksNoEditOut() throws {
        let silent = try Socket.listening()
        try scenario.writeAlarms([
            #"{"id": "work", "time": "06:45", "days": "weekdays", "skipDays": ["gone.ics"]}"#,
            #"{"id": "gym", "time": "18:00", "days": ["fri"], "skipDays": ["http://127.0.0.1:\#(silent.port)/slow.ics"]}"#,
        ])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        XCTAssertNotNil(run.waitForLog("event=skip_days_not_read calendar=gone.ics", timeout: 5), run.stderr)
        let line = run.logLines("event=skip_days_not_read calendar=gone.ics").first ?? ""
        XCTAssertTrue(line.contains("alarms=work") && line.contains("skips=none"), line)

        let relabelled = try client.send("PATCH", "/api/alarms/gym", body: #"{"label": "Gym"}"#)
        XCTAssertEqual(relabelled.status, 200, relabelled.body)
        let removed = try client.send("DELETE", "/api/alarms/work")
        XCTAssertEqual(removed.status, 200, removed.body)
        let added = try scenario.control(["add", "07:30", "--id", "late", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(added.status, 0, added.stderr)
        let written = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        XCTAssertFalse(written.contains("\"work\""), written)
        XCTAssertTrue(written.contains("\"Gym\"") && written.contains("\"late\""), written)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}

extension RunCalendarEdgeTests {
    private static let server = """
        import http.server, sys
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = b"BEGIN:VCALENDAR\\r\\nsecret=hunter3\\r\\n"
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// What the issue's attacker tried with the page's token: a password file beside the alarms
    /// file and `.netrc` as calendars (their first line showed in the problems), an internal
    /// address (fetched, and what came back quoted). Each is refused, nothing is read or fetched,
    /// and neither the status nor the event stream says anything of them; a name the owner gave works.
    func testThePagesTokenReadsNoFileAndReachesNoAddressThroughACalendar() throws {
        try scenario.home.write("mqtt-password", "alarmplay:hunter2\n")
        try scenario.home.write(".netrc", "machine example.org login me password hunter2\n")
        try scenario.home.write("holidays.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN", "BEGIN:VEVENT", "UID:h",
                                                 "DTSTART;VALUE=DATE:20261225", "SUMMARY:Christmas", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n"))
        let server = RunningProcess(["-c", Self.server], environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/python3")
        try server.start()
        defer { server.signal(SIGKILL) }
        var port = 0
        for _ in 0..<200 where port == 0 {
            port = Int(server.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            Thread.sleep(forTimeInterval: 0.05)
        }
        let address = "http://127.0.0.1:\(port)/secret"
        try scenario.home.write("alarms.json", #"{"calendars": {"holidays": "holidays.ics"}, "alarms": [{"id": "work", "time": "06:45", "days": "weekdays"}]}"#)
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let events = scenario.home.file("events.txt")
        let stream = try client.openEvents(into: events)
        defer { stream.signal(SIGKILL) }
        let before = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        let attempts: [(String, String, String, Int, String)] = [
            ("POST", "/api/alarms", #"{"id": "leak", "days": "daily", "fromCalendar": {"calendar": "mqtt-password"}}"#, 422, "fromCalendar"),
            ("POST", "/api/alarms", #"{"id": "leak", "days": "daily", "fromCalendar": {"calendar": "\#(scenario.home.file("mqtt-password"))"}}"#, 403, "fromCalendar"),
            ("POST", "/api/alarms", #"{"id": "leak", "time": "07:00", "days": "daily", "skipDays": ["\#(scenario.home.file(".netrc"))"]}"#, 403, "skipDays"),
            ("POST", "/api/alarms", #"{"id": "leak", "time": "07:00", "days": "daily", "skipDays": ["\#(address)"]}"#, 403, "skipDays"),
            ("PATCH", "/api/alarms/work", #"{"skipDays": ["holidays", "\#(address)"]}"#, 403, "skipDays"),
            ("PATCH", "/api/alarms/work", #"{"fromCalendar": {"calendar": "\#(address)"}, "time": null}"#, 403, "fromCalendar"),
        ]
        for (method, path, body, status, field) in attempts {
            let reply = try client.send(method, path, body: body)
            XCTAssertEqual(reply.status, status, "\(body): \(reply.body)")
            XCTAssertEqual(reply.problems.first?.0, field, reply.body)
        }
        XCTAssertEqual(try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8), before, "nothing was written")
        let named = try client.send("PATCH", "/api/alarms/work", body: #"{"skipDays": ["holidays"]}"#)
        XCTAssertEqual(named.status, 200, named.body)
        XCTAssertNotNil(run.waitForLog("event=reloaded"), run.stderr)
        Thread.sleep(forTimeInterval: 1)
        let status = try client.get("/api/status")
        XCTAssertEqual(status.status, 200)
        let streamed = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        XCTAssertTrue(streamed.contains("event: snapshot"), streamed)
        for said in [status.body, streamed, run.stderr] {
            XCTAssertFalse(said.contains("hunter"), said)
        }
        XCTAssertFalse(server.stderr.contains("GET /secret"), "the internal address was reached: \(server.stderr)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}

/// A listening TCP socket on loopback that never answers.
final class Socket {
    let descriptor: Int32
    let port: Int

    private init(descriptor: Int32, port: Int) {
        self.descriptor = descriptor
        self.port = port
    }

    deinit { close(descriptor) }

    static func listening() throws -> Socket {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ready else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return Socket(descriptor: descriptor, port: Int(UInt16(bigEndian: address.sin_port)))
    }
}
