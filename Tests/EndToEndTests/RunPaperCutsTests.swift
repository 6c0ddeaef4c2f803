import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Small answers a new user met, each at its root: status's times as snooze writes them, the
/// page's API on a token in its address and on an empty timer list, and a first run's state.
final class RunPaperCutsTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testStatusWritesTimesAsSnoozeDoesAndTheAPIAnswersPlainly() throws {
        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"23:59\", \"sound\": \"tone:beep\"}"])
        let run = try scenario.startRun()
        let status = try scenario.control(["status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        let next = try XCTUnwrap(status.stdout.split(separator: "\n").first { $0.hasPrefix("next: ") }, status.stdout)
        XCTAssertNil(next.range(of: #"\d{4}-\d{2}-\d{2}T"#, options: .regularExpression), "no ISO 8601 for a person: \(next)")
        XCTAssertNotNil(next.range(of: #"next: work at \w{3} \d{2} \w{3} 23:59"#, options: .regularExpression), String(next))

        let client = try WebClient(run: run, home: scenario.home)
        let inAddress = try client.send("GET", "/api/status?token=" + client.token!, authorized: false)
        XCTAssertEqual(inAddress.status, 401)
        XCTAssertTrue(inAddress.body.contains("the API takes the token only in the header"), inAddress.body)
        let noTimer = try client.send("DELETE", "/api/timer/timer-9")
        XCTAssertEqual(noTimer.status, 404, noTimer.body)
        XCTAssertTrue(noTimer.body.contains("no timer \\\"timer-9\\\"; none is running"), noTimer.body)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }

    func testAFirstRunWithNoAlarmsFileSavesItsStateAtExit() throws {
        let run = RunningProcess(["run", "--alarms", scenario.alarmsPath, "--device", "null", "--no-http"], environment: scenario.environment)
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=no_alarms", timeout: 5), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
        XCTAssertTrue(run.logLines("event=state_not_saved").isEmpty, run.stderr)
    }
}
