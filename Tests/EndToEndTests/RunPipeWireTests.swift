import AudioTestSupport
import Foundation
import XCTest

/// `run` on a PipeWire desktop: alarms through ALSA's `default` (pipewire-alsa), a muted sink made
/// audible, and the ordered device list when PipeWire is not there or dies mid-ring.
final class RunPipeWireTests: XCTestCase {
    var home: TemporaryDirectory!
    var pipewire: PipeWireServer!
    var pulse: PulseServer?

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        pipewire = try PipeWireServer()
    }

    override func tearDown() {
        pulse?.stop()
        pipewire.stop()
        home.remove()
    }

    private func environment(_ extra: [String: String] = [:]) -> [String: String] {
        AlarmPlayBinary.environment(home: home, pipewire.environment.merging(["TZ": "UTC"]) { $1 }.merging(extra) { $1 })
    }

    /// An alarm `seconds` ahead (whole seconds, UTC) and its instant.
    private func alarm(_ id: String, seconds: Int = 3, ringFor: String = "1m", _ extra: String = "") -> (json: String, date: Date) {
        let (when, date) = RunScenario.at(secondsAhead: seconds)
        let json = "{\"id\": \"\(id)\", \(when), \"sound\": \"file:tone-440\", \"ringFor\": \"\(ringFor)\"\(extra)}"
        return (json, date)
    }

    private func startRun(_ alarms: [String], devices: [String] = [], environment: [String: String]) throws -> RunningProcess {
        try home.write("alarms.json", "{\"alarms\": [\n" + alarms.joined(separator: ",\n") + "\n]}\n")
        let process = RunningProcess(
            ["run", "--alarms", home.file("alarms.json"), "--no-http", "--sounds", AlarmPlayBinary.fixtures + "/sounds"]
                + devices.flatMap { ["--device", $0] },
            environment: environment)
        try process.start()
        XCTAssertNotNil(process.waitForLog("event=loaded"), "run did not load: \(process.stderr)")
        return process
    }

    private func stop(_ run: RunningProcess) {
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }

    func testAnAlarmThroughDefaultIsHeardAtItsVolumeAndFadesIn() throws {
        try pipewire.start()
        let due = alarm("pw", ", \"volume\": 0.5, \"fadeIn\": \"2s\"")
        let recording = try pipewire.record()
        let run = try startRun([due.json], environment: environment())
        XCTAssertNotNil(run.waitForLog("event=fired id=pw", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 3.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        stop(run)
        XCTAssertTrue(run.logLines("event=fallback").isEmpty, run.stderr)
        let windows = levels.windows(from: due.date, to: due.date.addingTimeInterval(3.4))
        // file:tone-440 is a half-scale sine: at volume 0.5 a 0.25 amplitude, -15 dBFS RMS.
        let full = levels.level(from: due.date.addingTimeInterval(2.3), to: due.date.addingTimeInterval(3.3))
        XCTAssertEqual(full, Decibels.fromAmplitude(0.25 / 2.squareRoot()), accuracy: 1, "\(windows)")
        XCTAssertLessThan(levels.level(from: due.date.addingTimeInterval(0.1), to: due.date.addingTimeInterval(0.3)), full - 25, "\(windows)")
        // Recorded from a real-time server under load, a 0.1 s window may sit a little under the one
        // before it (a block the recording lost shifts the windows after it; seen: 0.4 dB); a fall
        // of 1 dB is not a fade in, and every half second it is a clear step up (about 10 dB here).
        let fading = windows.filter { $0.0 > 0.05 && $0.0 < 1.95 }.map(\.1)
        // Written so that silence (-inf dB) fails them: a ring with no fade, late, is silent here.
        XCTAssertEqual(zip(fading, fading.dropFirst()).filter { !($1 >= $0 - 1) }.count, 0, "falling: \(windows)")
        let halves = stride(from: 0, to: fading.count, by: 5).map { fading[$0] }
        XCTAssertEqual(zip(halves, halves.dropFirst()).filter { !($1 >= $0 + 3) }.count, 0, "not rising: \(windows)")
    }

    func testAMutedSinkIsMadeAudibleThroughPipeWireAndMutedAgainAfter() throws {
        try pipewire.start()
        XCTAssertEqual(pipewire.pactl(["set-sink-mute", pipewire.sinkName, "1"]), 0)
        let due = alarm("muted", ", \"fadeIn\": 0")
        let recording = try pipewire.record()
        let run = try startRun([due.json], environment: environment())
        XCTAssertNotNil(run.waitForLog("event=fired id=muted", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=unmuted id=muted", timeout: 2), run.stderr)
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(try AlarmPlayBinary.run(["stop"], environment: environment()).status, 0)
        XCTAssertNotNil(run.waitForLog("event=mixer_restored", timeout: 2), run.stderr)
        let levels = RecordedLevels(recording, samples: recording.stop())
        stop(run)
        XCTAssertTrue(levels.isLoud(from: due.date.addingTimeInterval(0.4), to: due.date.addingTimeInterval(1.2)),
                      "the muted sink rang: \(levels.windows(from: due.date, to: due.date.addingTimeInterval(1.5)))")
        XCTAssertTrue(pipewire.isSinkMuted, "muted again after the ring")
    }

    /// A desktop's `default` is PipeWire, but the service runs where no PipeWire session is: the
    /// alarm's next device (here an ALSA file tap) rings from the second, and the log says why once.
    func testWithNoPipeWireTheNextListedDeviceRingsFromItsSecond() throws {
        let tap = try ALSATap(in: home, base: pipewire.alsaConfiguration)
        let due = alarm("next", ringFor: "2s", ", \"fadeIn\": 0, \"devices\": [\"default\", \"tap\"]")
        let run = try startRun([due.json], environment: environment(tap.environment))
        XCTAssertNotNil(run.waitForLog("event=silenced id=next", timeout: 15), run.stderr)
        stop(run)
        let reasons = run.logLines("event=fallback id=next")
        XCTAssertEqual(reasons.count, 1, run.stderr)
        let reason = try XCTUnwrap(reasons.first)
        XCTAssertTrue(reason.contains("\\\"default\\\"") && reason.contains("Host is down"), reason)
        XCTAssertTrue(run.logLines("event=bell").isEmpty, run.stderr)
        XCTAssertNotNil(run.logLines("event=fired id=next").first, run.stderr)
        XCTAssertLessThan(run.stderr.range(of: "event=fallback")!.lowerBound, run.stderr.range(of: "event=fired")!.lowerBound,
                          "the devices were tried during the pre-roll, before the second")
        let audio = try WAVReader.read(path: tap.wavPath)
        XCTAssertEqual(try XCTUnwrap(audio.mono.slice(from: 0.1, to: 0.9).estimatedFrequency()), 440, accuracy: 1)
    }

    /// PipeWire dies mid-ring: the ring goes on on the next `--device` (a PulseAudio) within 2 s.
    func testPipeWireKilledMidRingGoesOnOnTheNextDevice() throws {
        try pipewire.start()
        let pulse = try PulseServer()
        self.pulse = pulse
        try pulse.start()
        let due = alarm("killed", ", \"fadeIn\": 0")
        let heard = try pipewire.record()
        let recording = try pulse.record()
        let run = try startRun([due.json], devices: ["default", "pulse"], environment: environment(pulse.environment))
        XCTAssertNotNil(run.waitForLog("event=fired id=killed", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 1.5)
        let killed = Date()
        pipewire.kill()
        XCTAssertNotNil(run.waitForLog("event=fallback id=killed", timeout: 5), run.stderr)
        Thread.sleep(forTimeInterval: 2.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        let before = RecordedLevels(heard, samples: heard.stop())
        stop(run)
        XCTAssertTrue(before.isLoud(from: due.date.addingTimeInterval(0.3), to: due.date.addingTimeInterval(1.3)), "it rang on PipeWire first")
        XCTAssertTrue(levels.isSilent(from: due.date.addingTimeInterval(0.3), to: killed), "and only there")
        XCTAssertTrue(levels.isLoud(from: killed.addingTimeInterval(2), to: killed.addingTimeInterval(2.5)),
                      "\(levels.windows(from: killed, to: killed.addingTimeInterval(2.5)))")
        let reason = try XCTUnwrap(run.logLines("event=fallback id=killed").first)
        XCTAssertTrue(reason.contains("\\\"default\\\" went away"), reason)
        XCTAssertTrue(run.logLines("event=bell").isEmpty, run.stderr)
    }
}
