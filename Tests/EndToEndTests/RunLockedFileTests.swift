import Foundation
import Synchronization
import XCTest

/// Another process holds the alarms file's lock for 5 s: a page edit waits for it (and says so),
/// while `status` answers at once and an alarm due meanwhile fires on its second; once the lock
/// is free the edit is made.
final class RunLockedFileTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testAHeldLockDelaysOnlyThePageEdit() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}",
            "{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"}",
        ])
        let holder = try scenario.holdAlarmsLock(seconds: 5)
        let held = Date()
        // `run` reads the file without the lock (only writers take it): it starts as usual.
        let run = try scenario.startRun()
        let web = try WebClient(run: run, home: scenario.home)

        let edited = Slot()
        let editor = Thread {
            let reply = try? web.send("PATCH", "/api/alarms/work", body: "{\"label\": \"Changed\"}")
            edited.reply.withLock { $0 = reply }
        }
        editor.start()
        Thread.sleep(forTimeInterval: 0.3)
        for _ in 0..<3 {
            let asked = Date()
            let status = try scenario.control(["status", "--json"])
            XCTAssertEqual(status.status, 0, status.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(asked), 1.5, "status waited for the edit (held for seconds)")
        }
        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 10), run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first)
        let late = Int(fired.components(separatedBy: "late_ms=").last!.prefix { $0.isNumber }) ?? 9999
        XCTAssertLessThan(late, onItsSecond, fired)
        XCTAssertLessThan(Date().timeIntervalSince(held), 5, "the alarm fired while the lock was still held")

        XCTAssertTrue(wait(until: 10) { edited.reply.withLock { $0 } != nil })
        let reply = try XCTUnwrap(edited.reply.withLock { $0 })
        XCTAssertEqual(reply.status, 202, reply.body)
        XCTAssertTrue(reply.body.contains("the change waits its turn"), reply.body)
        _ = holder.wait(timeout: 10)
        XCTAssertTrue(wait(until: 5) { (try? String(contentsOfFile: self.scenario.alarmsPath, encoding: .utf8))?.contains("Changed") == true })
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 5), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}

/// The page's answer, from the thread that waited for it.
private final class Slot: Sendable {
    let reply = Mutex<WebReply?>(nil)
}
