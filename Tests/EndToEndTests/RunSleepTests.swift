import AudioTestSupport
import Foundation
import XCTest

/// `alarmplay sleep` against a real `run` through a real-time PulseAudio null sink, recorded with
/// parec: the sound is steady, falls over its fade to silence and stops at the end; an alarm that
/// comes meanwhile cuts it and rings on its second; `--stop` ends it; the time left is shown.
final class RunSleepTests: XCTestCase {
    var scenario: RunScenario!
    private let iso = ISO8601DateFormatter()

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// A 9 s timer fades over its last 3 s (a third): steady before, each second of the fade
    /// well below the one before, silence after the end, and `sleep_ended reason=elapsed`.
    func testTheSoundIsSteadyThenFallsOverTheFadeToSilenceAndStops() throws {
        try scenario.writeAlarms([])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        let started = try scenario.control(["sleep", "9s", "file:tone-440", "--volume", "0.5", "--json"])
        XCTAssertEqual(started.status, 0, started.stderr)
        let timer = try json(started.stdout)
        XCTAssertEqual(timer["fadeSeconds"] as? Int, 3, started.stdout)
        XCTAssertEqual(timer["sound"] as? String, "file:tone-440")
        let end = try XCTUnwrap((timer["endsAt"] as? String).flatMap(iso.date(from:)), started.stdout)
        XCTAssertNotNil(run.waitForLog("event=sleep_started sound=file:tone-440 seconds=9 fade_s=3"), run.stderr)

        let status = try json(scenario.control(["status", "--json"]).stdout)
        let sleep = try XCTUnwrap(status["sleep"] as? [String: Any], "\(status)")
        XCTAssertLessThanOrEqual(try XCTUnwrap(sleep["secondsLeft"] as? Int), 9)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(sleep["secondsLeft"] as? Int), 7)
        XCTAssertEqual(sleep["endsAt"] as? String, timer["endsAt"] as? String)
        let left = try scenario.control(["sleep"])
        XCTAssertTrue(left.stdout.hasPrefix("sleep: file:tone-440, 0:0"), left.stdout)

        XCTAssertNotNil(run.waitForLog("event=sleep_ended reason=elapsed", timeout: 20), run.stderr)
        XCTAssertEqual(try scenario.control(["sleep"]).stdout, "no sleep timer is playing\n")
        Thread.sleep(forTimeInterval: 1.0)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)

        let second = { (from: Double) in levels.level(from: end.addingTimeInterval(from), to: end.addingTimeInterval(from + 1)) }
        let steady = (-8...(-5)).map { second(Double($0)) }
        let report = "steady \(steady), fade \([-3.0, -2, -1].map(second)), windows \(levels.windows(from: end.addingTimeInterval(-4), to: end.addingTimeInterval(1)))"
        // A 440 Hz sine at 0.5 of -1 dBFS (the file) is about -10 dBFS RMS.
        XCTAssertTrue(steady.allSatisfy { $0 > -16 && $0 < -6 }, report)
        XCTAssertLessThan((steady.max() ?? 0) - (steady.min() ?? 0), 1, "a steady level before the fade: \(report)")
        // 0 to -20, -20 to -40 and -40 to -60 dB below it: each second about 20 dB down on the last.
        XCTAssertLessThan(second(-3), steady[3] - 3, report)
        XCTAssertLessThan(second(-2), second(-3) - 12, report)
        XCTAssertLessThan(second(-1), second(-2) - 12, report)
        XCTAssertTrue(levels.isSilent(from: end.addingTimeInterval(0.1), to: end.addingTimeInterval(1)), "silent after the end: \(report)")
    }

    /// An alarm due during the sleep timer cuts its sound when it opens ahead and rings on its
    /// second; the sleep timer is over (its sound does not come back after the alarm).
    func testAnAlarmThatComesMeanwhileWinsAndRingsOnItsSecond() throws {
        let due = scenario.at(secondsAhead: 6)
        try scenario.writeAlarms(["{\"id\": \"wake\", \(due.json), \"sound\": \"tone:classic\", \"ringFor\": \"2s\", \"fadeIn\": 0}"])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        let started = try scenario.control(["sleep", "1m", "file:tone-440", "--volume", "0.3"])
        XCTAssertEqual(started.status, 0, started.stderr)
        XCTAssertTrue(started.stdout.hasPrefix("sleeping to file:tone-440 for 1m"), started.stdout)
        XCTAssertNotNil(run.waitForLog("event=silenced id=wake", timeout: 20), run.stderr)
        XCTAssertEqual(try scenario.control(["sleep"]).stdout, "no sleep timer is playing\n")
        Thread.sleep(forTimeInterval: 2.0)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        _ = run.wait(timeout: 10)

        let fired = try XCTUnwrap(run.logLines("event=fired id=wake").first, run.stderr)
        let late = try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, fired)
        let lines = run.stderr.components(separatedBy: "\n")
        let ended = try XCTUnwrap(lines.firstIndex { $0.contains("event=sleep_ended reason=alarm") }, run.stderr)
        XCTAssertLessThan(ended, try XCTUnwrap(lines.firstIndex { $0.contains("event=fired id=wake") }), "cut before the ring")
        let report = "\(levels.windows(from: due.date.addingTimeInterval(-3), to: due.date.addingTimeInterval(3)))"
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(-3), to: due.date.addingTimeInterval(-1.5)), "the sleep sound: \(report)")
        XCTAssertTrue(levels.isSilent(from: due.date.addingTimeInterval(-0.6), to: due.date.addingTimeInterval(-0.05)), "cut before the ring: \(report)")
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.02), to: due.date.addingTimeInterval(0.5)), "the alarm on its second: \(report)")
        XCTAssertTrue(levels.isSilent(from: due.date.addingTimeInterval(2.4), to: due.date.addingTimeInterval(3.5)), "the sleep sound stays over: \(report)")
    }

    /// `--stop` silences it at once; a sleep timer cannot start while an alarm rings.
    func testStopEndsItAndAnAlarmRingingRefusesANewOne() throws {
        let due = scenario.at(secondsAhead: 5)
        try scenario.writeAlarms(["{\"id\": \"wake\", \(due.json), \"sound\": \"tone:classic\", \"ringFor\": \"1m\", \"fadeIn\": 0}"])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertEqual(try scenario.control(["sleep", "10m", "file:tone-440"]).status, 0)
        Thread.sleep(forTimeInterval: 1.5)
        let stoppedAt = Date()
        let stop = try scenario.control(["sleep", "--stop"])
        XCTAssertEqual(stop.stdout, "sleep timer stopped\n", stop.stderr)
        XCTAssertNotNil(run.waitForLog("event=sleep_ended reason=stopped"), run.stderr)
        XCTAssertEqual(try scenario.control(["sleep", "--stop"]).stdout, "no sleep timer was playing\n")
        XCTAssertNotNil(run.waitForLog("event=fired id=wake", timeout: 10), run.stderr)
        let refused = try scenario.control(["sleep", "30m"])
        XCTAssertEqual(refused.status, 75)
        XCTAssertTrue(refused.stderr.contains("an alarm is ringing"), refused.stderr)
        XCTAssertEqual(try scenario.control(["stop"]).status, 0)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        _ = run.wait(timeout: 10)
        XCTAssertTrue(levels.isLoud(from: stoppedAt.addingTimeInterval(-1), to: stoppedAt), "playing before the stop")
        XCTAssertTrue(levels.isSilent(from: stoppedAt.addingTimeInterval(0.4), to: due.date.addingTimeInterval(-0.2)),
                      "silent after the stop: \(levels.windows(from: stoppedAt, to: due.date))")
    }

    func testWithoutRunItExits69AndBadArgumentsExit65() throws {
        let missing = try scenario.control(["sleep", "30m"])
        XCTAssertEqual(missing.status, 69)
        XCTAssertTrue(missing.stderr.contains("no 'alarmplay run' is running"), missing.stderr)
        let bad = try scenario.control(["sleep", "half an hour"])
        XCTAssertEqual(bad.status, 65)
        XCTAssertTrue(bad.stderr.hasPrefix("alarmplay: error: DURATION: invalid duration \"half an hour\""), bad.stderr)
    }
}
