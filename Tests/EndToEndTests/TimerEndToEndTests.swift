import Foundation
import XCTest

final class TimerEndToEndTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
    }

    override func tearDown() {
        home.remove()
    }

    /// Input left open (a script that might still send commands): the time is up on the deadline.
    func testTimeIsUpOnTheDeadline() throws {
        let started = Date()
        // Rings a second by the clock (ALSA's null PCM takes the samples at once, the clock does not).
        let process = try LineFedProcess(["timer", "2s", "--label", "Tea", "--device", "null", "--ring-for", "1s"],
                                         environment: AlarmPlayBinary.environment(home: home))
        XCTAssertTrue(process.waitFor(timeout: 10) { $0.stdout.contains("Time's up: Tea") }, process.stderr)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertGreaterThanOrEqual(elapsed, 2.0)
        XCTAssertLessThan(elapsed, 2.5, "includes starting the process and this test's 5 ms polling")
        XCTAssertEqual(process.waitForExit(), 0)
        let rang = Date().timeIntervalSince(started) - elapsed
        XCTAssertGreaterThanOrEqual(rang, 0.9, "a second of ringing on the clock")
        XCTAssertEqual(process.stdout, "Tea: 00:02 started\nTime's up: Tea\nTea: silenced after 1s\n", "one stream of lines, no status line")
        XCTAssertEqual(process.stderr, "")
    }

    func testPauseResumeAndAddAMinuteFromLines() throws {
        let started = Date()
        let process = try LineFedProcess(["timer", "1", "--device", "null", "--ring-for", "1s"], environment: AlarmPlayBinary.environment(home: home))
        process.send("brew")
        XCTAssertTrue(process.waitFor { $0.stderr.contains("unknown timer command \"brew\"; expected pause, resume, add, cancel") }, process.stderr)
        process.send("pause")
        XCTAssertTrue(process.waitFor { $0.stdout.contains("paused with 00:01 left") }, process.stdout)
        Thread.sleep(forTimeInterval: 1.2)
        process.send("resume")
        XCTAssertTrue(process.waitFor { $0.stdout.contains("running, 00:01 left") }, process.stdout)
        process.closeInput()
        XCTAssertTrue(process.waitFor(timeout: 10) { $0.stdout.contains("Time's up: Timer") }, "end of input must not cancel")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 2.2)
        XCTAssertEqual(process.waitForExit(), 0)

        let adding = try LineFedProcess(["timer", "30s"], environment: AlarmPlayBinary.environment(home: home))
        adding.send("+")
        XCTAssertTrue(adding.waitFor { $0.stdout.contains("running, 01:30 left") }, adding.stdout)
        adding.send("cancel")
        XCTAssertEqual(adding.waitForExit(), 130)
        XCTAssertTrue(adding.stdout.contains("Timer: cancelled with 01:30 left"), adding.stdout)
    }

    func testBadDurations() throws {
        for (argument, message) in [("0", "longer than zero"), ("1x", "invalid duration"), ("999999999", "at most 100 days")] {
            let result = try AlarmPlayBinary.run(["timer", argument], environment: AlarmPlayBinary.environment(home: home))
            XCTAssertEqual(result.status, 65, argument)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
        let volume = try AlarmPlayBinary.run(["timer", "1m", "--volume", "2"], environment: AlarmPlayBinary.environment(home: home))
        XCTAssertEqual(volume.status, 65)
    }

    /// At zero the sound plays through a real sound server about 2 s in, snooze silences it, and
    /// `x` stops it.
    func testRingsTheSoundAtZeroAndStopsOnX() throws {
        let pulse = try PulseServer()
        try pulse.start()
        defer { pulse.stop() }
        let recording = try pulse.record()
        let started = Date()
        let process = try LineFedProcess(
            ["timer", "2s", "--sound", "tone:beep", "--device", "pulse"],
            environment: AlarmPlayBinary.environment(home: home, pulse.environment))
        XCTAssertTrue(process.waitFor(timeout: 10) { $0.stdout.contains("Time's up: Timer") }, process.stderr)
        Thread.sleep(forTimeInterval: 0.8)
        let stopped = Date()
        process.send("x")
        XCTAssertEqual(process.waitForExit(), 0, process.stderr)
        Thread.sleep(forTimeInterval: 1.0)
        let levels = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(levels.isSilent(from: started.addingTimeInterval(0.2), to: started.addingTimeInterval(1.8)), "sound before zero")
        XCTAssertTrue(levels.isLoud(from: started.addingTimeInterval(2.3), to: stopped), "no sound at zero")
        XCTAssertTrue(levels.isSilent(from: stopped.addingTimeInterval(0.3), to: stopped.addingTimeInterval(1.0)), "x must stop it")
        XCTAssertTrue(process.stdout.contains("Timer: stopped"), process.stdout)
    }

    /// On a terminal: the progress line redraws in place, Space pauses, `q` cancels with 130 and the
    /// terminal comes back as it was.
    func testKeysOnARealTerminal() throws {
        let pane = try TmuxPane()
        try pane.run(pane.shellLine(running: "'\(AlarmPlayBinary.path)' timer 1:30 --label Tea"))
        try pane.waitForScreen { $0.contains("Tea  01:29") && $0.contains("[") }
        try pane.press("Space")
        let paused = try pane.waitForScreen(containing: "paused")
        XCTAssertEqual(paused.components(separatedBy: "Tea  ").count, 2, "redrawn in place, not scrolled:\n\(paused)")
        try pane.press("+")
        try pane.waitForScreen(containing: "Tea  02:29")
        try pane.press("q")
        let (status, restored) = pane.waitForExit()
        XCTAssertEqual(status, "exit=130")
        XCTAssertTrue(restored)
        XCTAssertTrue(try pane.screen().contains("Tea: cancelled with 02:29 left"))
    }

    func testRingsOnATerminalUntilAKey() throws {
        let pane = try TmuxPane()
        try pane.run(pane.shellLine(running: "'\(AlarmPlayBinary.path)' timer 1 --label Eggs"))
        try pane.waitForScreen(containing: "Time's up: Eggs", timeout: 10)
        try pane.waitForScreen(containing: "x/q/Esc stop")
        try pane.press("x")
        let (status, restored) = pane.waitForExit()
        XCTAssertEqual(status, "exit=0")
        XCTAssertTrue(restored)
    }
}
