import AudioTestSupport
import Foundation
import XCTest

/// Playback through a real PipeWire, as on Debian 13's and Raspberry Pi OS's desktops: ALSA's
/// `default` through pipewire-alsa, and `pulse` through PipeWire's PulseAudio service.
final class PipeWirePreviewTests: XCTestCase {
    var home: TemporaryDirectory!
    var pipewire: PipeWireServer!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        pipewire = try PipeWireServer()
        try pipewire.start()
    }

    override func tearDown() {
        pipewire.stop()
        home.remove()
    }

    var environment: [String: String] {
        AlarmPlayBinary.environment(home: home, pipewire.environment)
    }

    /// Plays `file:tone-440` (a 1 s 440 Hz sine at half scale) for 2 s at half volume and
    /// returns what the sink's monitor heard.
    private func preview(device: String) throws -> (CommandResult, Signal) {
        let recording = try pipewire.record()
        let result = try AlarmPlayBinary.run(
            ["preview", "file:tone-440", "--seconds", "2", "--volume", "0.5", "--device", device,
             "--sounds", AlarmPlayBinary.fixtures + "/sounds"],
            environment: environment)
        Thread.sleep(forTimeInterval: 0.3)
        return (result, Signal(samples: recording.stop(), sampleRate: PipeWireServer.rate))
    }

    private func assertHeardAtHalfVolume(_ result: CommandResult, _ signal: Signal, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let spans = signal.soundSpans(thresholdDBFS: -40, bridging: 0.3)
        let span = try XCTUnwrap(spans.first, "nothing heard", file: file, line: line)
        XCTAssertEqual(spans.map(\.duration).reduce(0, +), 2, accuracy: 0.15, "spans: \(spans)", file: file, line: line)
        let steady = signal.slice(from: span.start + 0.2, to: span.start + 1.8)
        XCTAssertEqual(steady.peakDBFS, Decibels.fromAmplitude(0.25), accuracy: 0.5, file: file, line: line)
        let tone = signal.slice(from: span.start + 0.05, to: span.start + 1.8)
        XCTAssertEqual(try XCTUnwrap(tone.medianFrequency()), 440, accuracy: 1, file: file, line: line)
    }

    /// The defect this guards: a PipeWire stream has no room before it starts, and it starts only
    /// once its buffer is full, so waiting for room before writing stalled every ring for 2 s.
    func testPreviewThroughDefaultIsHeardAtTheLevelAsked() throws {
        let (result, signal) = try preview(device: "default")
        try assertHeardAtHalfVolume(result, signal)
    }

    func testPreviewThroughThePulseServiceIsHeardAtTheLevelAsked() throws {
        let (result, signal) = try preview(device: "pulse")
        try assertHeardAtHalfVolume(result, signal)
    }

    /// pipewire-alsa whose server died answers every call with -EPIPE and "recovers" each time:
    /// the preview must end with a device error at once, not spin until the watchdog (or forever).
    func testServerKilledMidPlayIsADeviceErrorAtOnce() throws {
        let process = RunningProcess(["preview", "tone:classic", "--seconds", "30", "--device", "default"], environment: environment)
        try process.start()
        Thread.sleep(forTimeInterval: 1.0)
        pipewire.kill()
        let result = process.wait(timeout: 15)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("audio device \"default\" went away"), result.stderr)
        XCTAssertTrue(result.stderr.contains("again after recovering"), result.stderr)
    }
}
