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

    /// `run` with two alarms, `work` and `gym`, once their file is deleted under it.
    private func runWithTheFileDeleted() throws -> RunningProcess {
        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"daily\"}", "{\"id\": \"gym\", \"time\": \"18:00\", \"days\": \"mon\"}"])
        let run = try scenario.startRun(["--no-http"])
        try FileManager.default.removeItem(atPath: scenario.alarmsPath)
        XCTAssertNotNil(run.waitForLog("event=reload_failed"), run.stderr)
        return run
    }

    /// The file deleted under a running `run`: `status`, `list` and `next` all say it is missing,
    /// that `run` keeps ringing the schedule it had, and how to put the file back; none advises
    /// `add`, which would replace that schedule with one alarm.
    func testTheViewsAgreeWhenTheFileIsDeletedUnderARunningRun() throws {
        let run = try runWithTheFileDeleted()
        let path = scenario.alarmsPath
        let says = "no alarms file at \(path): the running 'run' keeps ringing the last schedule that loaded; 'alarmplay restore' puts the file back"
        let status = try scenario.control(["status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.contains("next: work at "), "the schedule in force: \(status.stdout)")
        XCTAssertTrue(status.stdout.contains(says), status.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(try scenario.control(["status", "--json"]).stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["missingFile"] as? String, path)
        for command in [["list"], ["list", "--json"], ["next"], ["edit", "work", "--time", "7:00"]] {
            let result = try scenario.control(command + ["--alarms", path])
            XCTAssertEqual(result.status, 66, "\(command): \(result.stdout)\(result.stderr)")
            XCTAssertEqual(result.stderr, "alarmplay: error: \(says)\n", "\(command)")
            XCTAssertFalse((result.stdout + result.stderr).contains("alarmplay add"), "\(command)")
        }
        XCTAssertFalse(run.stderr.contains("alarmplay add"), "run's log advises no add once a schedule is in force: \(run.stderr)")

        XCTAssertEqual(try scenario.control(["restore", "--alarms", path]).status, 0)
        XCTAssertNotNil(run.waitForLog("event=reloaded count=2"), run.stderr)
        let back = try scenario.control(["status", "--json"])
        XCTAssertTrue((try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any])?["missingFile"] is NSNull, back.stdout)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)

        try FileManager.default.removeItem(atPath: path)
        let stopped = try scenario.control(["next", "--alarms", path])
        XCTAssertEqual(stopped.status, 66)
        XCTAssertEqual(stopped.stderr, "alarmplay: error: no alarms file at \(path): 'alarmplay restore' puts back the last one that loaded\n")
    }

    /// `add` after the file was deleted under a running `run` makes it again from the schedule
    /// `run` rings, as the page's add does, instead of replacing that schedule with one alarm.
    func testAnAddAfterTheFileWasDeletedUnderARunningRunKeepsItsSchedule() throws {
        let run = try runWithTheFileDeleted()
        let path = scenario.alarmsPath
        let added = try scenario.control(["add", "9:00", "--id", "late", "--alarms", path])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.hasPrefix("made \(path) again from the 2 alarms 'run' rings\nadded late to \(path)\n"), added.stdout)
        let written = try alarmsText()
        for id in ["work", "gym", "late"] { XCTAssertTrue(written.contains("\"id\": \"\(id)\""), "\(id):\n\(written)") }
        XCTAssertNotNil(run.waitForLog("event=reloaded count=3"), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
