import AudioTestSupport
import Foundation
import XCTest

/// `alarmplay run` on a real terminal (a tmux pane), as a person half asleep meets it: one key
/// snoozes or stops, the status line says what rings, Ctrl-C stops the ringing first and quits
/// only when nothing rings, and the terminal mode is as it was afterwards. Sound goes to the
/// scenario's private PulseAudio, so the keys are checked against what was heard too. In German
/// and Korean the status line speaks the language while the log beside it stays English.
final class RunTerminalTests: XCTestCase {
    var scenario: RunScenario!
    var pane: TmuxPane!
    /// Everything the pane's programs wrote; the log lines (stderr is the terminal) are in it whole.
    var raw: String { pane.directory.file("raw.log") }

    override func setUpWithError() throws {
        scenario = try RunScenario()
        pane = try TmuxPane(columns: 160, rows: 40)
        try pane.recordRawOutput(to: raw)
    }

    override func tearDown() {
        if let pid = try? pane.foregroundChild() { kill(pid, SIGKILL) }
        pane = nil
        scenario.tearDown()
    }

    /// Starts `run` in the pane with the scenario's environment, inside `shellLine` so the
    /// terminal mode is saved before and after; waits until it has loaded the alarms.
    private func startRun(language: [String: String] = [:], devices: [String] = ["pulse"]) throws {
        let environment = scenario.environment.merging(["TERM": "xterm-256color"].merging(language) { $1 }) { $1 }
            .map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let command = "env -i \(environment) '\(AlarmPlayBinary.path)' run --alarms '\(scenario.alarmsPath)'"
            + devices.map { " --device \($0)" }.joined() + " --sounds '\(AlarmPlayBinary.fixtures)/sounds' --http 127.0.0.1:0"
        try pane.run(pane.shellLine(running: command))
        let loaded = waitForLog("event=loaded")
        XCTAssertNotNil(loaded, "run did not start: \(rawText)")
        XCTAssertFalse(rawText.contains("next=none"), "the alarm was already past when run started: \(rawText)")
    }

    private var rawText: String {
        (try? String(decoding: Data(contentsOf: URL(fileURLWithPath: raw)), as: UTF8.self)) ?? ""
    }

    /// Waits until the terminal output holds `count` occurrences of `text`; when that was.
    @discardableResult
    private func waitForLog(_ text: String, count: Int = 1, timeout: TimeInterval = 20) -> Date? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if rawText.components(separatedBy: text).count - 1 >= count { return Date() }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return nil
    }

    /// The pane's shell is still running `alarmplay run`.
    private var runIsAlive: Bool {
        guard let child = try? pane.foregroundChild() else { return false }
        return child > 0 && kill(child, 0) == 0
    }

    func testKeysSnoozeAndStopWithoutEnterAndTheStatusLineShowsTheAlarm() throws {
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms([
            "{\"id\": \"wake\", \"label\": \"Wake up\", \(due.json), \"sound\": \"tone:pulse\", \"snooze\": \"4s\", \"maxSnoozes\": 2, \"fadeIn\": 0, \"ringFor\": \"1m\"}",
        ])
        let recording = try scenario.pulse.record()
        try startRun()
        XCTAssertNotNil(waitForLog("the page: http://127.0.0.1:"), "where the page is, once at start: \(rawText)")
        XCTAssertFalse(rawText.contains("/?token="), "the token stays out of the terminal's output")
        XCTAssertNotNil(waitForLog("event=fired id=wake", timeout: 15), rawText)
        let ringingScreen = try pane.waitForScreen { $0.contains("Wake up") && $0.contains("2 snoozes left") }
        XCTAssertTrue(ringingScreen.contains("tone:pulse"), ringingScreen)
        XCTAssertTrue(ringingScreen.contains("z/Space snooze"), ringingScreen)
        XCTAssertTrue(ringingScreen.contains("x/q/Esc stop"), ringingScreen)
        Thread.sleep(forTimeInterval: 1.0)

        try pane.press("z")
        let snoozedAt = Date()
        XCTAssertNotNil(waitForLog("event=snoozed id=wake"), rawText)
        XCTAssertNotNil(waitForLog("ok: snoozed wake until "), "the reply to the key: \(rawText)")
        try pane.waitForScreen(containing: "next: wake (snoozed)")
        XCTAssertNotNil(waitForLog("event=fired id=wake", count: 2, timeout: 15), rawText)
        try pane.waitForScreen(containing: "1 snooze left")
        Thread.sleep(forTimeInterval: 1.0)

        try pane.press("x")
        let stoppedAt = Date()
        XCTAssertNotNil(waitForLog("event=stopped id=wake"), rawText)
        try pane.waitForScreen(containing: "Ctrl-C quits")
        Thread.sleep(forTimeInterval: 2.0)
        let levels = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(runIsAlive, "stop ends the ringing, not run")

        try pane.press("C-c")
        let (status, restored) = pane.waitForExit()
        XCTAssertEqual(status, "exit=130", "Ctrl-C with nothing ringing quits: \(rawText)")
        XCTAssertTrue(restored, "stty -g differs after run")
        XCTAssertTrue(rawText.contains("event=exiting"), rawText)

        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.3), to: snoozedAt), "ringing before z")
        XCTAssertTrue(levels.isSilent(from: snoozedAt.addingTimeInterval(0.4), to: snoozedAt.addingTimeInterval(3.3)),
                      "z must silence: \(levels.windows(from: snoozedAt, to: snoozedAt.addingTimeInterval(4)))")
        XCTAssertTrue(levels.isLoud(from: snoozedAt.addingTimeInterval(4.5), to: stoppedAt), "rings again after the snooze")
        XCTAssertTrue(levels.isSilent(from: stoppedAt.addingTimeInterval(0.4), to: stoppedAt.addingTimeInterval(1.9)), "x must silence")
    }

    func testCtrlCWhileRingingStopsTheAlarmAndRunGoesOn() throws {
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms([
            "{\"id\": \"early\", \"label\": \"Early shift\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"}",
            "{\"id\": \"later\", \"time\": \"23:59:59\", \"days\": \"daily\"}",
        ])
        try startRun()
        XCTAssertNotNil(waitForLog("event=fired id=early", timeout: 15), rawText)
        try pane.waitForScreen(containing: "Early shift")
        try pane.press("?")
        try pane.waitForScreen(containing: "keys: z/s/Space/Enter snooze")

        try pane.press("C-c")
        XCTAssertNotNil(waitForLog("event=stopped id=early"), rawText)
        try pane.waitForScreen(containing: "next: later")
        Thread.sleep(forTimeInterval: 1.0)
        XCTAssertTrue(runIsAlive, "Ctrl-C while ringing must only stop the ringing: \(rawText)")
        let status = try scenario.control(["status", "--json"])
        XCTAssertEqual(status.status, 0, status.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["ringing"] as? [Any])?.count, 0, status.stdout)

        try pane.press("C-c")
        let (exit, restored) = pane.waitForExit()
        XCTAssertEqual(exit, "exit=130")
        XCTAssertTrue(restored, "stty -g differs after run")
        XCTAssertEqual(rawText.components(separatedBy: "event=stopped").count - 1, 1, "the second Ctrl-C quits, it stops nothing")
    }

    /// Esc alone stops the ring: held back only while an arrow key's bytes could follow, then
    /// Esc, though `run` asks its input only for what is there. The key after it counts on its own.
    func testEscStopsTheRingingAlarmAndTheNextKeyCountsOnItsOwn() throws {
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms(["{\"id\": \"esc\", \"label\": \"Escape\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"}"])
        try startRun()
        XCTAssertNotNil(waitForLog("event=fired id=esc", timeout: 15), rawText)
        try pane.waitForScreen(containing: "x/q/Esc stop")
        try pane.press("Escape")
        XCTAssertNotNil(waitForLog("event=stopped id=esc", timeout: 5), "Esc did not stop the ring: \(rawText)")
        try pane.waitForScreen(containing: "Ctrl-C quits")
        try pane.press("?")
        try pane.waitForScreen(containing: "keys: z/s/Space/Enter snooze")
        XCTAssertTrue(runIsAlive, rawText)
        try pane.press("C-c")
        let (exit, restored) = pane.waitForExit()
        XCTAssertEqual(exit, "exit=130", rawText)
        XCTAssertTrue(restored, "stty -g differs after run")
    }

    /// SIGTERM (systemd, `kill`) while an alarm rings: a clean exit, the terminal restored.
    func testTerminatedWhileRingingRestoresTheTerminal() throws {
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms(["{\"id\": \"term\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0}"])
        try startRun()
        XCTAssertNotNil(waitForLog("event=fired id=term", timeout: 15), rawText)
        let pid = try XCTUnwrap(try pane.foregroundChild())
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        let (exit, restored) = pane.waitForExit()
        XCTAssertEqual(exit, "exit=0", rawText)
        XCTAssertTrue(restored, "stty -g differs after SIGTERM")
    }

    /// Rings in `language` with a first device that does not exist, so the log says why it fell
    /// back (ALSA's and strerror's words would follow LC_MESSAGES if the log were translated):
    /// the screen shows `ringing`, and after z the key's `reply` and `snoozed`, while the log
    /// lines (the check before the ring's too) stay English.
    private func ringAndSnooze(_ language: String, ringing: [String], reply: [String], snoozed: [String], strerror: String) throws {
        try MessageCatalogs.compile()
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms([
            "{\"id\": \"wake\", \"label\": \"Wake up\", \(due.json), \"sound\": \"tone:pulse\", \"snooze\": \"1m\", \"maxSnoozes\": 2, \"fadeIn\": 0}",
        ])
        try startRun(language: ["LANG": language], devices: ["nosuch", "pulse"])
        XCTAssertNotNil(waitForLog("event=fired id=wake", timeout: 15), rawText)
        try pane.waitForScreen { screen in ringing.allSatisfy { screen.contains($0) } }
        try pane.press("z")
        XCTAssertNotNil(waitForLog("event=snoozed id=wake"), rawText)
        try pane.waitForScreen { screen in snoozed.allSatisfy { screen.contains($0) } }
        let lines = rawText.components(separatedBy: CharacterSet(charactersIn: "\r\n"))
        XCTAssertTrue(lines.contains { line in reply.allSatisfy { line.contains($0) } }, "the reply to the key: \(rawText)")
        XCTAssertFalse(rawText.contains("ok: snoozed"), rawText)
        let log = rawText.components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter { $0.contains("event=") }
        let fallback = log.first { $0.contains("event=fallback") } ?? ""
        XCTAssertTrue(fallback.contains("reason=\"cannot open audio device \\\"nosuch\\\": No such file or directory"), rawText)
        let preflight = log.first { $0.contains("event=preflight_failed") } ?? ""
        XCTAssertTrue(preflight.contains("cannot open audio device \\\"nosuch\\\": No such file or directory"), rawText)
        XCTAssertFalse(rawText.contains(strerror), "strerror in \(language) reached the log: \(rawText)")
    }

    func testTheStatusLineSpeaksGermanAndTheLogStaysEnglish() throws {
        try ringAndSnooze("de_DE.UTF-8", ringing: ["Wake up", "· klingelt seit 0:0", "· noch 2-mal Schlummern", "z/Leertaste schlummern · x/q/Esc beenden · ? Tasten"],
                          reply: ["ok: wake schlummert bis "], snoozed: ["nächster: wake (schlummert), ", " (in ", ") · Ctrl-C beendet"], strerror: "Datei oder Verzeichnis")
        try pane.press("?")
        try pane.waitForScreen(containing: "es klingelt nichts; Ctrl-C beendet. Tasten: z/s/Leertaste/Enter schlummern · x/q/Esc beenden · ? Hilfe")
    }

    func testTheStatusLineSpeaksKoreanAndTheLogStaysEnglish() throws {
        try ringAndSnooze("ko_KR.UTF-8", ringing: ["Wake up", "· 울리는 중 0:0", "· 다시 알림 2번 남음", "z/Space 다시 알림 · x/q/Esc 정지 · ? 키"],
                          reply: ["ok: wake ", "까지 다시 알림"], snoozed: ["다음: wake (다시 알림), ", " 후) · Ctrl-C로 끝냄"], strerror: "그런 파일이나")
        try pane.press("x")
        XCTAssertNotNil(waitForLog("event=stopped id=wake"), rawText)
        XCTAssertNotNil(waitForLog("ok: wake의 다시 알림을 끔"), "x dismisses the snooze: \(rawText)")
        try pane.waitForScreen(containing: "예정된 알람 없음 · Ctrl-C로 끝냄")
    }

    /// SIGHUP re-reads the file while `run`'s terminal is there; when the terminal itself goes away
    /// (tmux's server killed, as a closed window or a dropped SSH session), `run` stops, says why, and
    /// leaves the control socket to the next `run` instead of ringing unseen.
    func testClosingItsTerminalStopsRunAndFreesTheSocket() throws {
        try scenario.writeAlarms(["{\"id\": \"later\", \"time\": \"23:59\", \"sound\": \"tone:beep\"}"])
        // The log to a file, which outlives the terminal; the terminal stays its input and output.
        let log = pane.directory.file("run.log")
        let environment = scenario.environment.merging(["TERM": "xterm-256color"]) { $1 }.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        try pane.run("env -i \(environment) '\(AlarmPlayBinary.path)' run --alarms '\(scenario.alarmsPath)' --device null --http 127.0.0.1:0 2>'\(log)'")
        func logged(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            repeat {
                if (try? String(contentsOfFile: log, encoding: .utf8))?.contains(text) == true { return true }
                Thread.sleep(forTimeInterval: 0.05)
            } while Date() < deadline
            return false
        }
        XCTAssertTrue(logged("event=loaded"), "run did not start")
        let pid = try XCTUnwrap(pane.foregroundChild())
        kill(pid, SIGHUP)
        XCTAssertTrue(logged("event=reloaded"), "a SIGHUP with the terminal there reloads")
        XCTAssertTrue(runIsAlive)

        try pane.tmux(["kill-server"])
        XCTAssertTrue(logged("event=terminal_closed"), "run says why it stops")
        // Gone, or a zombie nobody has reaped yet (its shell died with the terminal).
        let exited = { (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).map { $0.contains(") Z ") } ?? true }
        let deadline = Date().addingTimeInterval(15)
        while !exited(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(exited(), "run outlived its terminal")
        XCTAssertTrue(logged("event=exiting"))
        let status = try scenario.control(["status"])
        XCTAssertEqual(status.status, 69, "the control socket is free for the next run: \(status.stdout)")
        let next = try scenario.startRun()
        XCTAssertNotNil(next.waitForLog("event=loaded", timeout: 10), next.stderr)
        next.signal(SIGTERM)
        XCTAssertEqual(next.wait(timeout: 10).status, 0)
    }
}
