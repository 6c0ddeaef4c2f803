import Foundation
import XCTest

/// `alarmplay doctor`, run as a user would: the evening before, with and without a `run`.
final class DoctorCommandTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func doctor(_ extra: [String] = []) throws -> CommandResult {
        try scenario.control(["doctor", "--alarms", scenario.alarmsPath, "--device", "pulse", "--sounds", AlarmPlayBinary.fixtures + "/sounds"] + extra)
    }

    func testWithARunningRunTheNextAlarmWillRing() throws {
        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"daily\", \"sound\": \"file:tone-440\"}"])
        let run = try scenario.startRun()
        let result = try doctor(["--play"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        for line in ["✔ alarms file:", "✔ next ring: work", "✔ sound file:tone-440:", "✔ device pulse: opens at 48000 Hz, 1 ch and played one second",
                     "✔ mixer: pulse", "✔ time zone:", "✔ state folder:", "✔ alarmplay run: up on"] {
            XCTAssertTrue(result.stdout.contains(line), "missing \(line) in\n\(result.stdout)")
        }
        XCTAssertTrue(result.stdout.hasSuffix("The next alarm will ring.\n"), result.stdout)
        let json = try doctor(["--json"])
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["ready"] as? Bool, true)
        XCTAssertGreaterThanOrEqual((parsed["checks"] as? [[String: Any]])?.count ?? 0, 10)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testABrokenFileAMissingSoundAndNoRunAreEachNamedWithWhatToDo() throws {
        try scenario.home.write("alarms.json", "{\"alarms\": [{\"id\": \"work\", \"time\": \"25:00\"}]}\n")
        let broken = try doctor()
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.contains("✘ alarms file: \(scenario.alarmsPath):1:36: hour 25 out of range (00-23)"), broken.stdout)
        XCTAssertTrue(broken.stdout.contains("✘ alarmplay run: not running"), broken.stdout)
        XCTAssertTrue(broken.stdout.contains("— start it"), broken.stdout)

        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"daily\", \"sound\": \"file:tone-440\"}"])
        let fixed = try doctor()
        XCTAssertTrue(fixed.stdout.contains("✔ alarms file:"), fixed.stdout)
        XCTAssertTrue(fixed.stdout.contains("✔ next ring: work"), fixed.stdout)
        XCTAssertEqual(fixed.status, 1, "still no run: \(fixed.stdout)")
    }

    /// A missing file is said once, and the command that makes it names the file doctor was given.
    func testAMissingFileIsNamedOnceWithTheCommandForThatFile() throws {
        let path = scenario.home.file("nonexistent.json")
        let result = try scenario.control(["doctor", "--alarms", path, "--device", "null"])
        XCTAssertEqual(result.status, 1)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("✘ alarms file:") }, result.stdout)
        XCTAssertEqual(String(line), "✘ alarms file: no alarms file at \(path) — add one: alarmplay add 07:00 --days weekdays --alarms \(path)")
    }
}
