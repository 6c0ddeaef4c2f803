import AudioTestSupport
import Foundation
import XCTest

/// The never-silent paths of `alarmplay run`: whatever goes wrong with the sound at fire time,
/// something is heard (the built-in tone, the `default` device, or the terminal bell) and the
/// log says `event=fallback`. Each test asserts on what the private PulseAudio recorded, or on
/// the BEL bytes on stderr while no device works.
final class RunFallbackTests: SoundFolderTestCase {
    private func startRun(device: String = "pulse") throws -> RunningProcess {
        let process = RunningProcess(
            ["run", "--alarms", scenario.alarmsPath, "--device", device, "--sounds", sounds.path],
            environment: scenario.environment)
        try process.start()
        XCTAssertNotNil(process.waitForLog("event=loaded"), "run did not load: \(process.stderr)")
        XCTAssertTrue(process.logLines("event=loaded").first?.contains("next=none") == false, "alarm already past: \(process.stderr)")
        return process
    }

    /// The sound file is gone at fire time: the built-in tone plays instead. A snooze-ring later
    /// tries the chosen sound first, so once the file is back there is no fallback.
    func testDeletedSoundFileFallsBackToTheToneAndASnoozeRetriesTheFile() throws {
        try copyFixture("tone-440.wav", as: "Wake Song.wav")
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"song\", \(due.json), \"sound\": \"file:wake-song\", \"fadeIn\": 0, \"snooze\": \"2s\", \"ringFor\": \"1m\"}",
        ])
        let recording = try scenario.pulse.record()
        let run = try startRun()
        try FileManager.default.removeItem(atPath: sounds.file("Wake Song.wav"))
        XCTAssertNotNil(run.waitForLog("event=fired id=song", timeout: 15), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=fallback id=song"), run.stderr)
        Thread.sleep(forTimeInterval: 1.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.5), to: due.date.addingTimeInterval(1.3)),
                      "the tone must replace the missing file: \(levels.windows(from: due.date, to: due.date.addingTimeInterval(1.5)))")
        let fallback = try XCTUnwrap(run.logLines("event=fallback").first)
        XCTAssertTrue(fallback.contains("reason=\"cannot play file:wake-song:"), fallback)

        try copyFixture("tone-440.wav", as: "Wake Song.wav")
        XCTAssertEqual(try scenario.control(["snooze"]).status, 0)
        XCTAssertNotNil(run.waitForLog("event=fired id=song", count: 2, timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 1.0)
        XCTAssertEqual(run.logLines("event=fallback").count, 1, "the snooze-ring plays the file again: \(run.stderr)")
        stop(run)
    }

    /// The file was fine when loaded and is garbage at fire time.
    func testCorruptSoundFileFallsBackToTheTone() throws {
        try copyFixture("tone-660.flac", as: "chimes.flac")
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"chimes\", \(due.json), \"sound\": \"file:chimes\", \"fadeIn\": 0, \"ringFor\": \"4s\"}"])
        let recording = try scenario.pulse.record()
        let run = try startRun()
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: sounds.file("chimes.flac")))
        XCTAssertNotNil(run.waitForLog("event=silenced id=chimes", timeout: 20), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        stop(run)
        let fallback = try XCTUnwrap(run.logLines("event=fallback id=chimes").first, run.stderr)
        // Named by the sound where libsndfile refuses to open the garbage (1.2.0, Debian 12), by its file
        // where it opens it and fails on the first read ("flac decoder lost sync", 1.2.2, Debian 13).
        XCTAssertTrue(fallback.contains("file:chimes") || fallback.contains(sounds.file("chimes.flac")), fallback)
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.5), to: due.date.addingTimeInterval(3.5)),
                      "the tone must replace the corrupt file: \(levels.windows(from: due.date, to: due.date.addingTimeInterval(4)))")
    }

    /// The sound server dies while the alarm rings: fallback logged, then the bell on stderr every
    /// second while no device opens; the server comes back on the same socket and so does the sound.
    func testSoundServerKilledMidRingRingsTheBellUntilItIsBack() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"crash\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2m\"}"])
        let recording = try scenario.pulse.record()
        let run = try startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=crash", timeout: 15), run.stderr)
        Thread.sleep(forTimeInterval: 1.5)
        let killedAt = Date()
        scenario.pulse.kill()
        let before = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(before.isLoud(from: due.date.addingTimeInterval(0.3), to: killedAt.addingTimeInterval(-0.3)), "it rang before the crash")

        XCTAssertNotNil(run.waitForLog("event=fallback id=crash"), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=bell id=crash", timeout: 15), run.stderr)
        let bellsAtStart = run.stderr.filter { $0 == "\u{07}" }.count
        XCTAssertTrue(run.waitForStderr(timeout: 3.5) { $0.filter { $0 == "\u{07}" }.count >= bellsAtStart + 2 },
                      "at least two BELs within ~3 s: \(run.stderr.filter { $0 == "\u{07}" }.count - bellsAtStart)")
        XCTAssertTrue(run.isRunning, "a sound problem must never end run")
        let status = try scenario.control(["status", "--json"])
        XCTAssertTrue(status.stdout.contains("\"bell\": true") || status.stdout.contains("\"bell\":true"), status.stdout)

        try scenario.pulse.start()
        let again = try scenario.pulse.record(to: "after-restart.raw")
        let bellOff = try XCTUnwrap(run.waitForLog("event=bell_off id=crash", timeout: 15), "no bell_off: \(run.stderr)")
        Thread.sleep(forTimeInterval: 2.5)
        let after = RecordedLevels(again, samples: again.stop())
        XCTAssertTrue(after.isLoud(from: bellOff.addingTimeInterval(0.5), to: bellOff.addingTimeInterval(2.0)),
                      "sound again after the restart: \(after.windows(from: bellOff, to: bellOff.addingTimeInterval(2.5)))")
        let bells = run.stderr.filter { $0 == "\u{07}" }.count
        Thread.sleep(forTimeInterval: 2.0)
        XCTAssertEqual(run.stderr.filter { $0 == "\u{07}" }.count, bells, "the bell stops once sound is back")
        stop(run)
    }

    /// The ringing watchdog: a sound server that hangs mid-ring (frozen with SIGSTOP) stops taking
    /// audio; within a few seconds that counts as a lost device, the fallback chain finds no
    /// device that answers, and the bell stands in, while `run` itself never blocks.
    func testAHungSoundServerMidRingFallsBackToTheBell() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"hung\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2m\"}"])
        let run = try startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=hung", timeout: 15), run.stderr)
        Thread.sleep(forTimeInterval: 1)
        scenario.pulse.suspend()
        defer { scenario.pulse.resume() }
        let stalled = try XCTUnwrap(run.waitForLog("event=fallback id=hung", timeout: 6), run.stderr)
        XCTAssertTrue(run.logLines("event=fallback id=hung").first?.contains("stalled") == true, run.stderr)
        XCTAssertNotNil(run.waitForLog("event=bell id=hung", timeout: 12), run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(stalled), 12)
        let start = Date()
        let status = try scenario.control(["status", "--json"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "run's loop never waits on the device")
        scenario.pulse.resume()
        XCTAssertNotNil(run.waitForLog("event=bell_off id=hung", timeout: 15), run.stderr)
        stop(run)
    }

    /// A device that does not exist: `default` is tried next (with PULSE_SERVER set it reaches
    /// the private PulseAudio through /etc/alsa/conf.d/99-pulse.conf), so there is sound, no bell.
    func testADeviceThatCannotBeOpenedFallsBackToDefault() throws {
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/etc/alsa/conf.d/99-pulse.conf"),
                      "this test relies on ALSA default reaching PulseAudio")
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"dev\", \(due.json), \"sound\": \"tone:classic\", \"fadeIn\": 0, \"ringFor\": \"3s\"}"])
        let recording = try scenario.pulse.record()
        let run = try startRun(device: "nosuchdevice")
        XCTAssertNotNil(run.waitForLog("event=silenced id=dev", timeout: 20), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        stop(run)
        let fallback = try XCTUnwrap(run.logLines("event=fallback id=dev").first, run.stderr)
        XCTAssertTrue(fallback.contains("nosuchdevice"), fallback)
        XCTAssertTrue(run.logLines("event=bell").isEmpty, "default works, so no bell: \(run.stderr)")
        XCTAssertFalse(run.stderr.contains("\u{07}"))
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.5), to: due.date.addingTimeInterval(2.5)),
                      "default must play: \(levels.windows(from: due.date, to: due.date.addingTimeInterval(3)))")
    }

    /// Nobody reacts: after `ringFor` it is silenced (a missed alarm, not a stopped one) and stays quiet.
    func testAutoSilenceAfterRingFor() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"nobody\", \(due.json), \"sound\": \"tone:digital\", \"fadeIn\": 0, \"ringFor\": \"3s\"}"])
        let recording = try scenario.pulse.record()
        let run = try startRun()
        XCTAssertNotNil(run.waitForLog("event=silenced id=nobody", timeout: 20), run.stderr)
        Thread.sleep(forTimeInterval: 2.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(run.isRunning, "silencing one alarm does not end run")
        stop(run)

        let silenced = try XCTUnwrap(run.logLines("event=silenced id=nobody").first)
        XCTAssertTrue(silenced.contains("level=warn"), silenced)
        XCTAssertTrue(silenced.contains("after_s=3"), silenced)
        XCTAssertTrue(run.logLines("event=stopped").isEmpty, "a missed alarm is not a stopped one")
        let silencedAt = try XCTUnwrap(RunScenario.logTime(silenced))
        XCTAssertEqual(silencedAt.timeIntervalSince(due.date), 3, accuracy: 0.5, silenced)
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.3), to: due.date.addingTimeInterval(2.7)), "it rang for ringFor")
        XCTAssertTrue(levels.isSilent(from: silencedAt.addingTimeInterval(0.4), to: silencedAt.addingTimeInterval(2.3)),
                      "quiet after silenced: \(levels.windows(from: silencedAt, to: silencedAt.addingTimeInterval(2.5)))")
    }
}
