import AudioTestSupport
import Foundation
import XCTest

/// `alarmplay run` end to end: it fires on time through a real sound server, picks up edits,
/// and snooze/stop from the control socket and a pipe change what is heard.
final class RunEndToEndTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testFiresOnTheSecondAndSoundFollowsSilence() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"ringFor\": \"2s\", \"fadeIn\": 0}"])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=silenced", timeout: 15), run.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        let result = run.wait(timeout: 10)
        XCTAssertEqual(result.status, 0, result.stderr)

        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first, run.stderr)
        let late = try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, fired)
        XCTAssertTrue(levels.isSilent(from: due.date.addingTimeInterval(-1.5), to: due.date.addingTimeInterval(-0.3)), "sound before the alarm")
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.3), to: due.date.addingTimeInterval(0.9)), "no sound after the alarm")
        XCTAssertTrue(run.stderr.contains("event=silenced id=soon"), "ringFor must auto-silence")
    }

    func testSnoozeAndStopOverTheSocketChangeWhatIsHeard() throws {
        let due = scenario.at(secondsAhead: 2)
        try scenario.writeAlarms([
            "{\"id\": \"wake\", \"label\": \"Wake up\", \(due.json), \"sound\": \"tone:pulse\", \"snooze\": \"3s\", \"maxSnoozes\": 1, \"fadeIn\": 0, \"ringFor\": \"1m\"}",
        ])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=wake", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 1.2)

        let status = try scenario.control(["status", "--json"])
        XCTAssertEqual(status.status, 0, status.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let ringing = try XCTUnwrap(json["ringing"] as? [[String: Any]])
        XCTAssertEqual(ringing.first?["id"] as? String, "wake")
        XCTAssertEqual(ringing.first?["label"] as? String, "Wake up")
        XCTAssertEqual(ringing.first?["snoozesLeft"] as? Int, 1)
        XCTAssertNotNil(ringing.first?["since"] as? String)

        let snoozedAt = Date()
        let snooze = try scenario.control(["snooze"])
        XCTAssertEqual(snooze.status, 0, snooze.stderr)
        XCTAssertTrue(snooze.stdout.hasPrefix("snoozed wake until "), snooze.stdout)
        XCTAssertNotNil(run.waitForLog("event=fired id=wake", count: 2, timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 1.0)
        let refused = try scenario.control(["snooze", "wake"])
        XCTAssertEqual(refused.status, 75)
        XCTAssertTrue(refused.stderr.contains("no snoozes left for wake"), refused.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        let stoppedAt = Date()
        let stop = try scenario.control(["stop", "wake"])
        XCTAssertEqual(stop.status, 0, stop.stderr)
        XCTAssertEqual(stop.stdout, "stopped wake\n")
        Thread.sleep(forTimeInterval: 2.0)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        _ = run.wait(timeout: 10)

        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.2), to: snoozedAt), "ringing before the snooze")
        // A snooze ends on a whole second, so at least 2 of its 3 s are heard as silence.
        XCTAssertTrue(levels.isSilent(from: snoozedAt.addingTimeInterval(0.3), to: snoozedAt.addingTimeInterval(1.9)),
                      "snooze must silence: \(levels.windows(from: snoozedAt, to: snoozedAt.addingTimeInterval(3)))")
        XCTAssertTrue(levels.isLoud(from: snoozedAt.addingTimeInterval(3.3), to: stoppedAt), "rings again after the snooze")
        XCTAssertTrue(levels.isSilent(from: stoppedAt.addingTimeInterval(0.3), to: stoppedAt.addingTimeInterval(1.8)), "stop must silence")
        for event in ["event=snoozed id=wake", "event=snooze_refused id=wake", "event=stopped id=wake"] {
            XCTAssertTrue(run.stderr.contains(event), "missing \(event) in \(run.stderr)")
        }
    }

    func testFadeInRisesOverItsTime() throws {
        let due = scenario.at(secondsAhead: 2)
        try scenario.writeAlarms(["{\"id\": \"fade\", \(due.json), \"sound\": \"file:tone-440\", \"fadeIn\": \"2s\", \"ringFor\": \"3s\"}"])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=silenced", timeout: 15), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        _ = run.wait(timeout: 10)
        let fired = levels.signal.firstSound(thresholdDBFS: -75).map { levels.signal.seconds(at: $0) } ?? 0
        let early = levels.signal.slice(from: fired, to: fired + 0.2).rmsDBFS
        let late = levels.signal.slice(from: fired + 1.8, to: fired + 2.0).rmsDBFS
        XCTAssertLessThan(early, late - 20, "first 200 ms \(early) dB, last 200 ms of the fade \(late) dB")
    }

    func testPipeCommandsActAndClosingStdinDoesNotEndRun() throws {
        let due = scenario.at(secondsAhead: 2)
        try scenario.writeAlarms(["{\"id\": \"pipe\", \(due.json), \"sound\": \"tone:classic\", \"snooze\": \"2s\", \"fadeIn\": 0}"])
        let run = try scenario.startRun(interactive: true)
        XCTAssertNotNil(run.waitForLog("event=fired id=pipe", timeout: 10), run.stderr)
        run.send("snooze\n")
        XCTAssertNotNil(run.waitForLog("event=snoozed id=pipe"), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=fired id=pipe", count: 2, timeout: 10), run.stderr)
        run.send("status\n")
        run.send("stop\n")
        XCTAssertNotNil(run.waitForLog("event=stopped id=pipe"), run.stderr)
        run.closeStdin()
        Thread.sleep(forTimeInterval: 1.0)
        XCTAssertTrue(run.isRunning, "end of input must not end run")
        let status = try scenario.control(["status"])
        XCTAssertEqual(status.status, 0)
        run.signal(SIGTERM)
        let result = run.wait(timeout: 10)
        XCTAssertTrue(result.stdout.contains("snoozed pipe until"), result.stdout)
        XCTAssertTrue(result.stdout.contains("{\"ringing\": [{\"id\": \"pipe\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("stopped pipe"), result.stdout)
    }

    func testEditsTakeEffectAndABrokenEditKeepsTheLastGoodSchedule() throws {
        let first = scenario.at(secondsAhead: 6)
        try scenario.writeAlarms(["{\"id\": \"old\", \(first.json), \"sound\": \"tone:beep\", \"ringFor\": \"1s\"}"])
        let run = try scenario.startRun()
        let added = scenario.at(secondsAhead: 2)
        try scenario.writeAlarms([
            "{\"id\": \"old\", \(first.json), \"sound\": \"tone:beep\", \"ringFor\": \"1s\"}",
            "{\"id\": \"new\", \(added.json), \"sound\": \"tone:beep\", \"ringFor\": \"1s\"}",
        ])
        XCTAssertNotNil(run.waitForLog("event=reloaded"), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=fired id=new", timeout: 10), run.stderr)
        try scenario.home.write("alarms.json", "{\"alarms\": [{\"id\": \"old\", \(first.json), \"snoze\": 5}]}")
        XCTAssertNotNil(run.waitForLog("event=reload_failed"), run.stderr)
        XCTAssertTrue(run.stderr.contains("unknown key \\\"snoze\\\" (did you mean \\\"snooze\\\"?)"), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=fired id=old", timeout: 10), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testSnoozeSurvivesARestart() throws {
        let due = scenario.at(secondsAhead: 2)
        try scenario.writeAlarms(["{\"id\": \"nap\", \(due.json), \"sound\": \"tone:classic\", \"snooze\": \"4s\", \"fadeIn\": 0}"])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=nap", timeout: 10), run.stderr)
        XCTAssertEqual(try scenario.control(["snooze", "nap"]).status, 0)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        let again = try scenario.startRun()
        XCTAssertNotNil(again.waitForLog("event=fired id=nap", timeout: 10), again.stderr)
        XCTAssertTrue(again.logLines("event=fired id=nap").first?.contains("snooze=1") == true, again.stderr)
        again.signal(SIGTERM)
        _ = again.wait(timeout: 10)
    }

    func testASecondRunRefusesToStart() throws {
        try scenario.writeAlarms(["{\"id\": \"later\", \"time\": \"23:59\", \"days\": \"daily\"}"])
        let first = try scenario.startRun()
        let second = try AlarmPlayBinary.run(["run", "--alarms", scenario.alarmsPath, "--device", "pulse"], environment: scenario.environment, timeout: 10)
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("another 'alarmplay run' is already listening on"), second.stderr)
        XCTAssertTrue(first.isRunning)
        XCTAssertEqual(try scenario.control(["status"]).status, 0, "the first one keeps its socket")
        first.signal(SIGTERM)
        _ = first.wait(timeout: 10)
    }

    func testWithoutRunControlCommandsExit69() throws {
        for command in [["status"], ["snooze"], ["stop", "x"]] {
            let result = try scenario.control(command)
            XCTAssertEqual(result.status, 69, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("alarmplay: error: no 'alarmplay run' is running"), result.stderr)
        }
    }

    func testSocketIsPrivateAndRefusesAnotherUser() throws {
        try scenario.writeAlarms(["{\"id\": \"later\", \"time\": \"23:59\", \"days\": \"daily\"}"])
        let run = try scenario.startRun()
        let socket = scenario.socketPath
        var info = stat()
        XCTAssertEqual(stat(socket, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(stat(scenario.home.file("runtime/alarmplay"), &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        if getuid() == 0 {
            chmod(scenario.home.path, 0o755)
            chmod(scenario.home.file("runtime"), 0o755)
            let process = RunningProcess(
                ["--reuid=65534", "--regid=65534", "--clear-groups", AlarmPlayBinary.path, "status"],
                environment: scenario.environment, executable: "/usr/bin/setpriv")
            try process.start()
            let result = process.wait(timeout: 10)
            XCTAssertEqual(result.status, 69, result.stderr)
            XCTAssertTrue(result.stderr.contains("Permission denied"), result.stderr)
        }
        run.signal(SIGTERM)
        _ = run.wait(timeout: 10)
    }
}
