import AudioTestSupport
import Foundation
import XCTest

/// It rings whatever state the machine is in: without the right to wake it, with the sink muted,
/// with the alarms file broken at boot, after a clock step while armed on the alarm clock.
final class RunResilienceTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func lateness(_ run: RunningProcess, _ id: String) throws -> Int {
        let fired = try XCTUnwrap(run.logLines("event=fired id=\(id)").first, run.stderr)
        return try XCTUnwrap(Int(fired.components(separatedBy: "late_ms=").last!.prefix { $0.isNumber }))
    }

    private func soon(_ id: String, seconds: Int = 3, extra: String = "") -> (json: String, date: Date) {
        let due = scenario.at(secondsAhead: seconds)
        return ("{\"id\": \"\(id)\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"\(extra)}", due.date)
    }

    func testAsRootItCanWakeTheMachineAndFiresOnTime() throws {
        try requireRoot("CAP_WAKE_ALARM for the alarm clock")
        let alarm = soon("wake")
        try scenario.writeAlarms([alarm.json])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=wake_ready clock=realtime_alarm"), run.stderr)
        let status = try scenario.control(["status"])
        // The alarm clock alone does not wake a machine: `status` says yes only with an RTC that can, as `doctor` does.
        let rtc = FileManager.default.fileExists(atPath: "/sys/class/rtc/rtc0/wakealarm")
        XCTAssertTrue(status.stdout.contains(rtc ? "wake from suspend: yes" : "wake from suspend: no (no RTC wake alarm at /sys/class/rtc/rtc0/wakealarm)\n"), status.stdout)
        XCTAssertNotNil(run.waitForLog("event=fired id=wake", timeout: 10), run.stderr)
        XCTAssertLessThan(try lateness(run, "wake"), onItsSecond)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testWithoutTheCapabilityItSaysSoLoudlyAndStillFiresOnTime() throws {
        try requireRoot("setpriv takes CAP_WAKE_ALARM out of the bounding set")
        let alarm = soon("plain")
        try scenario.writeAlarms([alarm.json])
        let run = RunningProcess(
            ["--bounding-set", "-wake_alarm", AlarmPlayBinary.path, "run", "--alarms", scenario.alarmsPath, "--device", "pulse",
             "--no-http"],
            environment: scenario.environment, executable: "/usr/bin/setpriv")
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=no_wake"), run.stderr)
        XCTAssertTrue(run.logLines("event=no_wake").first?.contains("CAP_WAKE_ALARM") == true, run.stderr)
        XCTAssertTrue(run.logLines("event=no_wake").first?.contains("hint=") == true, run.stderr)
        let status = try scenario.control(["status", "--json"])
        XCTAssertTrue(status.stdout.contains("\"canWake\": false"), status.stdout)
        XCTAssertNotNil(run.waitForLog("event=fired id=plain", timeout: 10), run.stderr)
        XCTAssertLessThan(try lateness(run, "plain"), onItsSecond)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// Setting the clock to what it already says is a clock step to the kernel (it cancels
    /// TFD_TIMER_CANCEL_ON_SET timers) without moving time for anything else on the machine.
    func testAClockStepWhileArmedOnTheAlarmClockIsNoticedAndTheAlarmStillFires() throws {
        try requireRoot("clock_settime steps the clock")
        let alarm = soon("step", seconds: 4)
        try scenario.writeAlarms([alarm.json])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=wake_ready"), run.stderr)
        // An answer on the control socket means the loop runs: the timer is armed.
        XCTAssertEqual(try scenario.control(["status"]).status, 0)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        XCTAssertEqual(clock_settime(CLOCK_REALTIME, &now), 0, "the tests run as root: \(String(cString: strerror(errno)))")
        XCTAssertNotNil(run.waitForLog("event=clock_changed", timeout: 3), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=fired id=step", timeout: 10), run.stderr)
        XCTAssertLessThan(try lateness(run, "step"), onItsSecond)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAMutedSinkIsUnmutedForTheRingAndMutedAgainAfter() throws {
        let alarm = soon("muted")
        try scenario.writeAlarms([alarm.json])
        XCTAssertEqual(scenario.pulse.pactl(["set-sink-mute", scenario.pulse.sinkName, "1"]), 0)
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=muted", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=unmuted id=muted", timeout: 2), run.stderr)
        Thread.sleep(forTimeInterval: 1.5)
        let stop = try scenario.control(["stop"])
        XCTAssertEqual(stop.status, 0, stop.stderr)
        XCTAssertNotNil(run.waitForLog("event=mixer_restored", timeout: 2), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(levels.isLoud(from: alarm.date.addingTimeInterval(0.4), to: alarm.date.addingTimeInterval(1.2)),
                      "the muted sink rang: \(levels.windows(from: alarm.date, to: alarm.date.addingTimeInterval(1.5)))")
        let mute = try ChildProcess.run(["get-sink-mute", scenario.pulse.sinkName], environment: scenario.pulse.environment,
                                        executable: "/usr/bin/pactl")
        XCTAssertTrue(mute.stdout.contains("yes"), "muted again after the ring: \(mute.stdout)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testForceAudibleFalseLeavesTheMixerAlone() throws {
        let alarm = soon("quiet", extra: ", \"forceAudible\": false")
        try scenario.writeAlarms([alarm.json])
        XCTAssertEqual(scenario.pulse.pactl(["set-sink-mute", scenario.pulse.sinkName, "1"]), 0)
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=quiet", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(run.logLines("event=unmuted").isEmpty, run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testABrokenFileAtBootRingsTheLastGoodSchedule() throws {
        let alarm = soon("kept", seconds: 5)
        try scenario.writeAlarms([alarm.json])
        let first = try scenario.startRun()
        first.signal(SIGTERM)
        XCTAssertEqual(first.wait(timeout: 10).status, 0)
        try scenario.home.write("alarms.json", "{\"alarms\": [{\"id\": \"kept\", \"time\": \"25:00\"}]}\n")

        let second = try scenario.startRun()
        XCTAssertNotNil(second.waitForLog("event=load_failed"), second.stderr)
        XCTAssertTrue(second.logLines("event=load_failed").first?.contains("hour 25 out of range") == true, second.stderr)
        XCTAssertTrue(second.logLines("event=loaded").first?.contains("using=last-good") == true, second.stderr)
        let status = try scenario.control(["status"])
        XCTAssertTrue(status.stdout.contains("schedule: the last good copy"), status.stdout)
        XCTAssertNotNil(second.waitForLog("event=fired id=kept", timeout: 10), second.stderr)
        XCTAssertLessThan(try lateness(second, "kept"), onItsSecond)
        second.signal(SIGTERM)
        XCTAssertEqual(second.wait(timeout: 10).status, 0)
    }

    func testABrokenFileWithNoGoodCopyEverStillExits65() throws {
        try scenario.home.write("alarms.json", "{\"alarms\": [{\"id\": \"x\", \"time\": \"25:00\"}]}\n")
        let run = RunningProcess(["run", "--alarms", scenario.alarmsPath, "--device", "pulse", "--no-http"], environment: scenario.environment)
        try run.start()
        let result = run.wait(timeout: 10)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("hour 25 out of range"), result.stderr)
    }
}
