import Foundation
import XCTest

/// Calendars at the edges of a real `run --http`: a calendar that cannot be read never stops an
/// edit (the page can always fix or remove the alarm that names it).
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
