import AlarmCore
import Foundation
import XCTest

/// Hooks run by a real `run`: their environment, their timing, their limits, and that they never
/// touch the ringing.
final class RunHooksTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// A hook command that appends its event, id, label and scheduled time to `file`.
    private func recorder(_ file: String) throws -> String {
        let script = scenario.home.file("record.sh")
        try scenario.home.write("record.sh", """
            #!/bin/sh
            echo "$ALARMPLAY_EVENT $ALARMPLAY_ID $ALARMPLAY_LABEL $ALARMPLAY_SCHEDULED $ALARMPLAY_SOUND $1" >> \(file)
            echo "said by the hook"
            """)
        chmod(script, 0o755)
        return script
    }

    private func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testBeforeAndFiredHooksGetTheRingInTheirEnvironment() throws {
        let log = scenario.home.file("hooks.log")
        let script = try recorder(log)
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms(["""
            {"id": "work", "label": "Work", \(due.json), "sound": "tone:beep", "fadeIn": 0, "ringFor": "2s",
             "hooks": [{"on": "before", "before": "2s", "run": ["\(script)", "light; rm -rf /tmp/nothing"]},
                       {"on": "fired", "run": ["\(script)", "fired"]}]}
            """])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=work", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=hook_done", count: 2, timeout: 5), run.stderr)
        let recorded = lines(log)
        XCTAssertEqual(recorded.count, 2, run.stderr)
        let scheduled = TimeFormat().iso(Int(due.date.timeIntervalSince1970))
        XCTAssertEqual(recorded.first, "before work Work \(scheduled) tone:beep light; rm -rf /tmp/nothing",
                       "arguments are passed as they are, no shell")
        XCTAssertEqual(recorded.last, "fired work Work \(scheduled) tone:beep fired")
        let started = try XCTUnwrap(run.logLines("event=hook_started id=work on=before").first)
        let at = try XCTUnwrap(started.components(separatedBy: "time=").last?.prefix(23))
        XCTAssertTrue(at.hasPrefix(TimeFormat().iso(Int(due.date.timeIntervalSince1970) - 2).prefix(19)),
                      "the before hook runs at its own second: \(started)")
        XCTAssertTrue(run.stderr.contains("event=hook_output id=work on=fired line=\"said by the hook\""), run.stderr)
        XCTAssertTrue(run.stderr.contains("event=hook_done id=work on=fired code=0 ms="), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testASlowHookIsKilledAMissingProgramLoggedAndFourRunAtOnce() throws {
        let due = scenario.at(secondsAhead: 3)
        let sleepers = (0..<10).map { _ in #"{"on": "fired", "run": ["sleep", "30"], "timeout": "2s"}"# }.joined(separator: ", ")
        try scenario.writeAlarms(["""
            {"id": "busy", \(due.json), "sound": "tone:beep", "fadeIn": 0, "ringFor": "6s",
             "hooks": [{"on": "fired", "run": ["/no/such/program"]}, \(sleepers)]}
            """])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=busy", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=hook_failed", timeout: 3), run.stderr)
        XCTAssertTrue(run.logLines("event=hook_failed").first?.contains("No such file or directory") == true, run.stderr)
        XCTAssertNotNil(run.waitForLog("event=hook_queued", count: 6, timeout: 3), run.stderr)
        XCTAssertEqual(run.logLines("event=hook_started").count, 4, "four at once: \(run.stderr)")
        XCTAssertNotNil(run.waitForLog("event=hook_timeout", count: 4, timeout: 5), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=hook_started", count: 8, timeout: 5), "the queued ones start as others end")
        let status = try scenario.control(["status", "--json"])
        XCTAssertTrue(status.stdout.contains("\"id\": \"busy\""), "still ringing, undisturbed: \(status.stdout)")
        XCTAssertNotNil(run.waitForLog("event=silenced id=busy", timeout: 8), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testPauseHoldsRingsAndResumeEndsIt() throws {
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms(["{\"id\": \"held\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0}",
                                  "{\"id\": \"daily\", \"time\": \"06:00\", \"days\": \"daily\"}"])
        let run = try scenario.startRun()
        let paused = try scenario.control(["pause", "--for", "2d", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(paused.status, 0, paused.stderr)
        XCTAssertTrue(try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8).contains("\"pausedUntil\": "))
        XCTAssertNotNil(run.waitForLog("paused_until=", timeout: 5), run.stderr)
        XCTAssertTrue(try scenario.control(["status"]).stdout.contains("paused until "))
        XCTAssertTrue(try scenario.control(["list", "--alarms", scenario.alarmsPath]).stdout.hasPrefix("paused until "))
        let next = try scenario.control(["next", "--alarms", scenario.alarmsPath])
        XCTAssertTrue(next.stdout.hasPrefix("paused until "), next.stdout)
        XCTAssertNotNil(run.waitForLog("event=skipped id=held reason=paused", timeout: 8), run.stderr)
        XCTAssertTrue(run.logLines("event=fired").isEmpty, run.stderr)
        let resumed = try scenario.control(["resume", "--alarms", scenario.alarmsPath])
        XCTAssertEqual(resumed.stdout, "resumed: alarms ring at their next time\n")
        XCTAssertFalse(try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8).contains("pausedUntil"))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testTheCalendarFromTheCommandLine() throws {
        try scenario.writeAlarms([])
        let environment = scenario.environment
        for arguments in [["add", "07:00", "--every", "2w", "--days", "mon", "--from", "2026-11-30", "--id", "fortnight"],
                          ["add", "09:00", "--monthly", "first mon", "--id", "monthly", "--except", "2027-01-04", "--until", "2027-12-31"],
                          ["add", "08:00", "--yearly", "12-24", "--id", "eve"]] {
            let result = try AlarmPlayBinary.run(arguments + ["--alarms", scenario.alarmsPath], environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let list = try AlarmPlayBinary.run(["list", "--alarms", scenario.alarmsPath], environment: environment)
        for words in ["every 2 weeks on Mon", "1st Mon of the month", "24 Dec yearly"] {
            XCTAssertTrue(list.stdout.contains(words), list.stdout)
        }
        let next = try AlarmPlayBinary.run(["next", "--count", "3", "--after", "2026-12-31T12:00:00Z", "--alarms", scenario.alarmsPath],
                                           environment: environment)
        let lines = next.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { !$0.contains("skipped:") }.map { $0.split(separator: " ").first.map(String.init) ?? "" },
                       ["fortnight", "fortnight", "monthly"], "the first Monday of January is an exception: \(next.stdout)")
        XCTAssertEqual(lines.first, "monthly    skipped: Mon 04 Jan — an except date", "and next says so")
        let mixed = try AlarmPlayBinary.run(["edit", "eve", "--monthly", "1", "--yearly", "12-25", "--alarms", scenario.alarmsPath],
                                            environment: environment)
        XCTAssertEqual(mixed.status, 65, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("both say when it rings"), mixed.stderr)
    }
}
