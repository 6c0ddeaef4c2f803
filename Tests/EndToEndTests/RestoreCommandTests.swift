import Foundation
import XCTest

/// `alarmplay restore` puts back the last good copy `run` keeps: the way back after a deleted
/// file or a broken edit, with a valid file replaced only when asked.
final class RestoreCommandTests: XCTestCase {
    private var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func alarmsText() throws -> String {
        try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
    }

    func testTheCopyRunKeptComesBackAfterADeletionOrABrokenEditAndAValidFileOnlyWithForce() throws {
        XCTAssertEqual(try scenario.control(["restore", "--alarms", scenario.alarmsPath]).status, 66, "no copy kept yet")
        let good = (1...3).map { "{\"id\": \"a\($0)\", \"time\": \"0\($0):30\", \"days\": \"weekdays\"}" }
        try scenario.writeAlarms(good)
        let kept = try alarmsText()
        let run = try scenario.startRun(["--no-http"])
        XCTAssertNotNil(run.waitForLog("event=loaded count=3"), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)

        try FileManager.default.removeItem(atPath: scenario.alarmsPath)
        let restored = try scenario.control(["restore", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(restored.status, 0, restored.stderr)
        XCTAssertEqual(restored.stdout, "restored \(scenario.alarmsPath) from the last good copy (3 alarms)\n")
        XCTAssertEqual(try alarmsText(), kept, "byte for byte")

        try scenario.home.write("alarms.json", "{\"alarms\": [{\"time\": \"25:00\"}]}\n")
        XCTAssertEqual(try scenario.control(["restore", "--alarms", scenario.alarmsPath]).status, 0, "a broken file is replaced")
        XCTAssertEqual(try alarmsText(), kept)
        XCTAssertEqual(try scenario.control(["restore", "--alarms", scenario.alarmsPath]).stdout,
                       "nothing to restore: \(scenario.alarmsPath) is the last good copy\n")

        try scenario.writeAlarms([good[0]])
        let refused = try scenario.control(["restore", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("is valid and differs from the last good copy; --force replaces it"), refused.stderr)
        XCTAssertEqual(try scenario.control(["restore", "--force", "--alarms", scenario.alarmsPath]).status, 0)
        XCTAssertEqual(try alarmsText(), kept)
    }
}
