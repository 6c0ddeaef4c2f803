import AudioTestSupport
import Foundation
import XCTest

/// Two alarms due at the same second: both fire, one sound plays (the later-fired one), and
/// stopping that one brings the other back rather than losing it silently.
final class RunTwoAlarmsTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// `status --json`'s ringing alarms, each as its id, followed by " sounding" for the one heard.
    private func ringing() throws -> [String] {
        let status = try scenario.control(["status", "--json"])
        XCTAssertEqual(status.status, 0, status.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let ringing = try XCTUnwrap(json["ringing"] as? [[String: Any]])
        return ringing.map { "\($0["id"] as? String ?? "?")\($0["sounding"] as? Bool == true ? " sounding" : "")" }
    }

    func testStoppingTheAudibleAlarmBringsBackTheOtherThenStopWithoutIdStopsAll() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"first\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"}",
            "{\"id\": \"second\", \(due.json), \"sound\": \"tone:siren\", \"fadeIn\": 0, \"ringFor\": \"1m\"}",
        ])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=second", timeout: 15), run.stderr)
        XCTAssertEqual(run.logLines("event=fired").count, 2, run.stderr)
        Thread.sleep(forTimeInterval: 1.0)
        XCTAssertEqual(try ringing(), ["first", "second sounding"])

        let stoppedSecondAt = Date()
        let stopSecond = try scenario.control(["stop", "second"])
        XCTAssertEqual(stopSecond.stdout, "stopped second\n", stopSecond.stderr)
        XCTAssertEqual(try ringing(), ["first sounding"])
        Thread.sleep(forTimeInterval: 1.5)

        let stoppedAllAt = Date()
        let stopAll = try scenario.control(["stop"])
        XCTAssertEqual(stopAll.stdout, "stopped first\n", stopAll.stderr)
        XCTAssertEqual(try ringing(), [])
        Thread.sleep(forTimeInterval: 1.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)

        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.3), to: stoppedSecondAt), "both ringing")
        XCTAssertTrue(levels.isLoud(from: stoppedSecondAt.addingTimeInterval(0.4), to: stoppedAllAt),
                      "the first alarm sounds again: \(levels.windows(from: stoppedSecondAt, to: stoppedAllAt))")
        XCTAssertTrue(levels.isSilent(from: stoppedAllAt.addingTimeInterval(0.4), to: stoppedAllAt.addingTimeInterval(1.4)), "stop stops all")
        // 440 Hz is the beep's pitch and far from the siren's 600-1200 Hz: while both ring only
        // the siren (fired second) is heard; once it is stopped, the beep.
        let both = slice(levels, from: due.date.addingTimeInterval(0.3), to: stoppedSecondAt.addingTimeInterval(-0.1))
        XCTAssertLessThan(both.levelDBFS(atFrequency: 440), both.rmsDBFS - 20, "the later-fired siren alone")
        let afterStop = slice(levels, from: stoppedSecondAt.addingTimeInterval(0.4), to: stoppedAllAt.addingTimeInterval(-0.1))
        XCTAssertGreaterThan(afterStop.levelDBFS(atFrequency: 440), afterStop.rmsDBFS - 6, "the beep again")
    }

    private func slice(_ levels: RecordedLevels, from start: Date, to end: Date) -> Signal {
        levels.signal.slice(from: levels.recording.offset(of: start), to: levels.recording.offset(of: end))
    }

    func testSnoozeWithoutIdSnoozesEveryRingingAlarm() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"a\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"snooze\": \"30s\"}",
            "{\"id\": \"b\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"snooze\": \"30s\"}",
        ])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired", count: 2, timeout: 15), run.stderr)
        let snooze = try scenario.control(["snooze"])
        XCTAssertEqual(snooze.status, 0, snooze.stderr)
        XCTAssertTrue(snooze.stdout.hasPrefix("snoozed a until "), snooze.stdout)
        XCTAssertTrue(snooze.stdout.contains("; snoozed b until "), snooze.stdout)
        XCTAssertEqual(try ringing(), [])
        XCTAssertEqual(run.logLines("event=snoozed").count, 2, run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
