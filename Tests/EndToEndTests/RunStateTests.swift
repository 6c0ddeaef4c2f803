import Foundation
import XCTest

/// What `run` remembers about alarms (done, snoozed) follows the alarm, not its place in the
/// file, and switching an alarm on always means "ring at the next occurrence".
final class RunStateTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testEnablingAOneShotThatRangArmsItForItsNextTime() throws {
        let due = scenario.at(secondsAhead: 3)
        let time = due.json.components(separatedBy: "\"")[3]
        try scenario.writeAlarms(["{\"id\": \"once\", \"time\": \"\(time)\", \"sound\": \"tone:beep\", \"fadeIn\": 0}"])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=once", timeout: 10), run.stderr)
        XCTAssertEqual(try scenario.control(["stop"]).status, 0)
        let listed = try scenario.control(["list", "--alarms", scenario.alarmsPath])
        XCTAssertTrue(listed.stdout.contains("done"), listed.stdout)

        let enabled = try scenario.control(["enable", "once", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(enabled.status, 0, enabled.stderr)
        XCTAssertNotNil(run.waitForLog("event=rearmed id=once", timeout: 3), run.stderr)
        let status = try scenario.control(["status", "--json"])
        let next = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["next"] as? [String: Any])
        XCTAssertEqual(next["id"] as? String, "once", status.stdout)
        let at = try XCTUnwrap(next["at"] as? String)
        XCTAssertTrue(at.contains("T\(time)+00:00"), "its next occurrence, tomorrow: \(at)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testRemovingAnEarlierAlarmWithoutIDLeavesALaterOnesSnoozeWithIt() throws {
        let due = scenario.at(secondsAhead: 3)
        let early = "{\"time\": \"05:00\", \"days\": \"daily\", \"label\": \"Early\", \"sound\": \"tone:beep\"}"
        let soon = "{\(due.json), \"label\": \"Soon\", \"sound\": \"tone:beep\", \"fadeIn\": 0, \"snooze\": \"4s\"}"
        try scenario.writeAlarms([early, soon])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=#2", timeout: 10), run.stderr)
        XCTAssertEqual(try scenario.control(["snooze"]).status, 0)
        try scenario.writeAlarms([soon])
        XCTAssertNotNil(run.waitForLog("event=reloaded count=1", timeout: 5), run.stderr)
        let status = try scenario.control(["status", "--json"])
        XCTAssertTrue(status.stdout.contains("\"label\": \"Soon\""), "the snooze stayed with its alarm: \(status.stdout)")
        XCTAssertNotNil(run.waitForLog("event=fired id=#1", timeout: 8), "the snoozed alarm rings again at its new place: \(run.stderr)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
