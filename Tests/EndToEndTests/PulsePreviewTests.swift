import AudioTestSupport
import Foundation
import XCTest

/// Real-time playback through a sound server, as on a desktop or a Pi with PipeWire/PulseAudio:
/// a private PulseAudio with a null sink, recorded with parec.
final class PulsePreviewTests: XCTestCase {
    var home: TemporaryDirectory!
    var pulse: PulseServer!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        pulse = try PulseServer()
        try pulse.start()
    }

    override func tearDown() {
        pulse.stop()
        home.remove()
    }

    var environment: [String: String] {
        AlarmPlayBinary.environment(home: home, pulse.environment)
    }

    func testPlaysInRealTimeThroughThePulsePCM() throws {
        let recording = try pulse.record()
        let started = Date()
        let result = try AlarmPlayBinary.run(["preview", "tone:beep", "--device", "pulse"], environment: environment)
        let wall = Date().timeIntervalSince(started)
        Thread.sleep(forTimeInterval: 0.3)
        let signal = Signal(samples: recording.stop(), sampleRate: PulseServer.rate)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThan(wall, 1.9, "a 2 s sound cannot finish faster in real time")
        let spans = signal.soundSpans(thresholdDBFS: -40, bridging: 0.3)
        let total = spans.map(\.duration).reduce(0, +)
        // tone:beep is 1 s of 440 Hz then 1 s of silence.
        XCTAssertEqual(total, 1.0, accuracy: 0.1, "recorded sound spans: \(spans)")
        let first = try XCTUnwrap(spans.first)
        let steady = signal.slice(from: first.start + 0.05, to: first.start + 0.95)
        XCTAssertEqual(try XCTUnwrap(steady.medianFrequency()), 440, accuracy: 1)
    }

    func testCtrlCStopsAtOnceWithStatus130() throws {
        let process = RunningProcess(["preview", "tone:chime", "--seconds", "30", "--device", "pulse"], environment: environment)
        try process.start()
        Thread.sleep(forTimeInterval: 1.0)
        let signalled = Date()
        process.signal(SIGINT)
        let result = process.wait(timeout: 10)
        XCTAssertEqual(result.status, 130, result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(signalled), 1.0, "stop must not wait for a drain")
    }

    func testServerKilledMidPlayIsACleanDeviceError() throws {
        let process = RunningProcess(["preview", "tone:classic", "--seconds", "30", "--device", "pulse"], environment: environment)
        try process.start()
        Thread.sleep(forTimeInterval: 1.0)
        pulse.kill()
        let result = process.wait(timeout: 15)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("alarmplay: error: audio device \"pulse\""), result.stderr)
    }
}
