import AudioTestSupport
import Foundation
import XCTest

/// Sequences through the ALSA file tap: sounds of different rates and channel counts follow each
/// other in one stream, in order, with no gap; `run` rings `["speak:time", "tone:beep"]`.
final class SequenceEndToEndTests: XCTestCase {
    var home: TemporaryDirectory!
    var tap: ALSATap!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        tap = try ALSATap(in: home)
    }

    override func tearDown() {
        home.remove()
    }

    func testSoundsOfDifferentFormatsFollowWithoutAGap() throws {
        let result = try AlarmPlayBinary.run(
            ["preview", "file:tone-440,file:tone-660", "--device", tap.device, "--sounds", AlarmPlayBinary.fixtures + "/sounds"],
            environment: AlarmPlayBinary.environment(home: home, tap.environment))
        XCTAssertEqual(result.status, 0, result.stderr)
        let audio = try WAVReader.read(path: tap.wavPath)
        XCTAssertEqual(audio.duration, 2, accuracy: 0.02, "48 kHz mono, then 44.1 kHz stereo, one second each")
        let signal = audio.mono
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 0.1, to: 0.9).estimatedFrequency()), 440, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 1.1, to: 1.9).estimatedFrequency()), 660, accuracy: 1)
        let quiet = signal.slice(from: 0.05, to: 1.95).windowLevels(seconds: 0.01).filter { $0.rmsDBFS < -40 }
        XCTAssertLessThanOrEqual(quiet.count, 5, "no gap over 50 ms between the two: \(quiet.map(\.start))")
    }

    func testRunRingsTheSpokenTimeThenTheBeep() throws {
        let due = Date().addingTimeInterval(3).timeIntervalSince1970.rounded(.up)
        var parts = tm()
        var seconds = time_t(due)
        gmtime_r(&seconds, &parts)
        let clock = String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
        let date = String(format: "%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
        try home.write("alarms.json", """
            {"alarms": [{"id": "talk", "label": "Wake up", "time": "\(clock)", "date": "\(date)",
                         "sound": ["speak:time", "tone:siren"], "fadeIn": 0, "ringFor": "7s"}]}
            """)
        let run = RunningProcess(["run", "--alarms", home.file("alarms.json"), "--device", tap.device, "--no-http"],
                                 environment: AlarmPlayBinary.environment(home: home, tap.environment.merging(["TZ": "UTC"]) { $1 }))
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=fired id=talk", timeout: 10), run.stderr)
        // The ring lasts its seconds on the clock, whatever the device takes.
        XCTAssertNotNil(run.waitForLog("event=silenced id=talk", timeout: 12), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        XCTAssertTrue(run.logLines("event=fallback").isEmpty, run.stderr)
        let audio = try WAVReader.read(path: tap.wavPath)
        XCTAssertEqual(audio.sampleRate, 48_000)
        let signal = audio.mono
        let speech = signal.slice(from: 0, to: 4).windowLevels(seconds: 0.02)
        XCTAssertGreaterThan(Double(speech.filter { $0.rmsDBFS > -35 }.count) / Double(speech.count), 0.3, "the voice first")
        XCTAssertGreaterThan(audio.duration, 6, "then the siren loops for the rest of the ring")
        XCTAssertTrue(signal.slice(from: audio.duration - 2, to: audio.duration - 0.5).rmsDBFS > -20, "the siren at the end")
    }
}
