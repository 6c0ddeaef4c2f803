import Foundation
import XCTest

/// A snoozed alarm removed from the file while its snooze runs: it must not ring again, and the
/// snooze it left behind must not keep `run` busy (its deadline passes and never comes due).
final class RunSnoozeEditTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testRemovingASnoozedAlarmEndsItQuietlyAndIdle() throws {
        let due = scenario.at(secondsAhead: 3)
        let later = "{\"id\": \"later\", \"time\": \"23:59:59\", \"days\": \"daily\"}"
        try scenario.writeAlarms(["{\"id\": \"nap\", \(due.json), \"sound\": \"tone:beep\", \"snooze\": \"2s\", \"fadeIn\": 0}", later])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=nap", timeout: 15), run.stderr)
        XCTAssertEqual(try scenario.control(["snooze", "nap"]).status, 0)
        try scenario.writeAlarms([later])
        XCTAssertNotNil(run.waitForLog("event=reloaded"), run.stderr)
        // Past the snooze's end, then measure: an idle `run` sleeps in poll.
        Thread.sleep(forTimeInterval: 3.0)
        let before = try cpuSeconds(run.processIdentifier)
        Thread.sleep(forTimeInterval: 2.0)
        let used = try cpuSeconds(run.processIdentifier) - before
        XCTAssertLessThan(used, 0.2, "run used \(used) s of CPU in 2 s while idle")
        XCTAssertEqual(run.logLines("event=fired id=nap").count, 1, "a removed alarm must not ring again: \(run.stderr)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
