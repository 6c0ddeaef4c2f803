import Foundation
import XCTest

/// The wake-up phase on the phone page in a real headless Chromium against a real `run`, and a
/// wake-up sound that cannot play: said, the phase silent, the ring on its second as ever.
final class RunWakeUpPageTests: SoundFolderTestCase {
    func testTheAlarmsCardShowsThePhaseAndItsStopDismissesThatRing() throws {
        let due = scenario.at(secondsAhead: 16)
        try scenario.writeAlarms(["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"wakeUp\": \"12s\"}"])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertNotNil(run.waitForLog("event=waking id=soon", timeout: 10), run.stderr)
        let banner = "#alarms li.alarm[data-id=\"soon\"] .waking"
        XCTAssertTrue(browser.wait(for: "document.querySelector('\(banner)')"), "no waking banner on the card")
        let shown = try browser.text(banner)
        XCTAssertTrue(shown.contains("Waking up"), shown)
        try browser.click(banner + " .stop-waking")
        XCTAssertNotNil(run.waitForLog("event=stopped id=soon was=waking", timeout: 5), run.stderr)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('\(banner)')"), "the banner goes with the phase")
        Thread.sleep(forTimeInterval: max(0, due.date.addingTimeInterval(1).timeIntervalSinceNow))
        XCTAssertTrue(run.logLines("event=fired").isEmpty, run.stderr)
        stop(run)
    }

    func testAWakeUpSoundThatCannotPlayIsSaidAndTheRingComesOnItsSecond() throws {
        try copyFixture("tone-440.wav", as: "Dawn.wav")
        let due = scenario.at(secondsAhead: 8)
        try scenario.writeAlarms([
            "{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2s\", \"wakeUp\": \"4s\", \"wakeUpSound\": \"file:dawn\"}",
        ])
        let recording = try scenario.pulse.record()
        let run = RunningProcess(["run", "--alarms", scenario.alarmsPath, "--device", "pulse", "--sounds", sounds.path, "--no-http"],
                                 environment: scenario.environment)
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=loaded"), run.stderr)
        try FileManager.default.removeItem(atPath: sounds.file("Dawn.wav"))
        XCTAssertNotNil(run.waitForLog("event=wake_up_sound_failed id=soon", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=silenced id=soon", timeout: 10), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        stop(run)
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first, run.stderr)
        let late = try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, fired)
        XCTAssertTrue(run.logLines("event=wake_up_sound_failed").first?.contains("wake-up goes on in silence") == true, run.stderr)
        XCTAssertTrue(levels.isSilent(from: due.date.addingTimeInterval(-3.5), to: due.date.addingTimeInterval(-0.3)), "a silent phase")
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.2), to: due.date.addingTimeInterval(1.5)), "the ring as ever")
    }
}
