import Foundation
import XCTest

/// `alarmplay shift` against a running `run`: the CLI writes the move, `run` honours it at once
/// (the control socket's `status --json` and `next --json` name the moved ring), the moved ring
/// rings at its new second, and after it the alarm is itself again.
final class RunShiftTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func object(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    private func cli(_ arguments: [String]) throws -> String {
        let result = try scenario.control(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    private let iso = ISO8601DateFormatter()

    func testAMovedRingRingsAtItsNewTimeAndTheAlarmIsItselfAfterIt() throws {
        // A daily alarm an hour ahead, moved to a few seconds from now.
        let hourAhead = scenario.at(secondsAhead: 3600)
        let time = hourAhead.json.components(separatedBy: "\"")[3]
        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"\(time)\", \"days\": \"daily\", \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": 2}"])
        let run = try scenario.startRun()
        let moved = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 5).rounded(.up))
        let offset = Int(moved.timeIntervalSince(hourAhead.date))
        let shifted = try cli(["shift", "work", "--by", "\(offset)", "--alarms", scenario.alarmsPath])
        XCTAssertTrue(shifted.hasPrefix("work rings "), shifted)
        XCTAssertTrue(shifted.contains(", moved once from \(time.prefix(5))"), shifted)
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 5), run.stderr)

        // Over the control socket, from what `run` holds.
        let status = try XCTUnwrap(object(try cli(["status", "--json"])) as? [String: Any])
        let next = try XCTUnwrap(status["next"] as? [String: Any])
        XCTAssertEqual(next["id"] as? String, "work")
        XCTAssertEqual(iso.date(from: next["at"] as? String ?? ""), moved)
        XCTAssertEqual(iso.date(from: next["shiftedFrom"] as? String ?? ""), hourAhead.date)
        let rings = try XCTUnwrap(object(try cli(["next", "--json", "-n", "2", "--alarms", scenario.alarmsPath])) as? [[String: Any]])
        XCTAssertEqual(rings.map { iso.date(from: $0["at"] as? String ?? "") }, [moved, hourAhead.date.addingTimeInterval(86_400)])

        let fired = try XCTUnwrap(run.waitForLog("event=fired id=work", timeout: 10), run.stderr)
        XCTAssertEqual(fired.timeIntervalSince(moved), 0, accuracy: 1)
        XCTAssertNotNil(run.waitForLog("event=silenced id=work", timeout: 10), run.stderr)
        let after = try XCTUnwrap(object(try cli(["status", "--json"])) as? [String: Any])
        let following = try XCTUnwrap(after["next"] as? [String: Any])
        XCTAssertEqual(iso.date(from: following["at"] as? String ?? ""), hourAhead.date.addingTimeInterval(86_400),
                       "the replaced ring does not ring too; the next is tomorrow's")
        XCTAssertTrue(following["shiftedFrom"] is NSNull, "\(following)")
        XCTAssertFalse(try cli(["list", "--alarms", scenario.alarmsPath]).contains("moved"))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testClearPutsTheRingBackAndBadTargetsAreRefused() throws {
        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"daily\"}"])
        XCTAssertTrue(try cli(["shift", "work", "07:30", "--alarms", scenario.alarmsPath]).contains("moved once from 06:45"))
        let listed = try XCTUnwrap((object(try cli(["list", "--json", "--alarms", scenario.alarmsPath])) as? [[String: Any]])?.first)
        XCTAssertTrue((listed["next"] as? String)?.contains("T07:30:00") == true, "\(listed)")
        XCTAssertTrue((listed["shiftedFrom"] as? String)?.contains("T06:45:00") == true, "\(listed)")
        XCTAssertTrue(try cli(["shift", "work", "--clear", "--alarms", scenario.alarmsPath]).hasPrefix("work rings at its own time next"))
        let before = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        XCTAssertFalse(before.contains("shift"), before)

        for (arguments, status, message) in [
            (["work"], 64, "give one of TIME, --by OFFSET or --clear"),
            (["work", "25:00"], 65, "TIME: hour 25 out of range"),
            (["work", "--by", "25h"], 75, "is not before the ring after it"),
            (["nobody", "07:00"], 64, "no alarm \"nobody\""),
        ] as [([String], Int32, String)] {
            let result = try scenario.control(["shift"] + arguments + ["--alarms", scenario.alarmsPath])
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8), before, "refusals change nothing")
    }
}
