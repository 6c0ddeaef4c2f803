import AudioTestSupport
import Foundation
import XCTest

/// `speak:` sounds through the ALSA file tap: the spoken time is speech-like (voiced energy in
/// many short windows, with the gaps between words), lasts seconds, and grows with the label.
final class SpeakEndToEndTests: XCTestCase {
    var home: TemporaryDirectory!
    var tap: ALSATap!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        tap = try ALSATap(in: home)
    }

    override func tearDown() {
        home.remove()
    }

    private func speak(_ extra: [String]) throws -> WAVAudio {
        let result = try AlarmPlayBinary.run(["preview", "speak:time", "--device", tap.device] + extra,
                                             environment: AlarmPlayBinary.environment(home: home, tap.environment))
        XCTAssertEqual(result.status, 0, result.stderr)
        return try WAVReader.read(path: tap.wavPath)
    }

    /// Fractions of 20 ms windows that are voiced (loud) and quiet (between words).
    private func speechShape(_ audio: WAVAudio) -> (voiced: Double, quiet: Double) {
        let windows = audio.mono.windowLevels(seconds: 0.02)
        let voiced = Double(windows.filter { $0.rmsDBFS > -35 }.count) / Double(windows.count)
        let quiet = Double(windows.filter { $0.rmsDBFS < -50 }.count) / Double(windows.count)
        return (voiced, quiet)
    }

    func testTheSpokenTimeIsSpeechAndGrowsWithTheLabel() throws {
        let plain = try speak([])
        XCTAssertGreaterThan(plain.duration, 3, "a sentence of several seconds")
        let shape = speechShape(plain)
        XCTAssertGreaterThan(shape.voiced, 0.3, "voiced energy through the sentence")
        XCTAssertGreaterThan(shape.quiet, 0.1, "pauses between words and after the sentence")
        let labelled = try speak(["--label", "Good morning. Time for the long meeting with the whole team in the big room"])
        XCTAssertGreaterThan(labelled.duration, plain.duration + 2, "the label is said first")
        // German and Korean in their own words (SpokenTimeTests has the exact text), still speech.
        for voice in ["de", "ko"] {
            let spoken = try speak(["--voice", voice])
            XCTAssertGreaterThan(spoken.duration, 2, voice)
            let shape = speechShape(spoken)
            XCTAssertGreaterThan(shape.voiced, 0.3, voice)
            XCTAssertGreaterThan(shape.quiet, 0.1, voice)
        }
    }

    func testAnUnknownVoiceIsAValidationError() throws {
        try home.write("alarms.json", "{\"alarms\": [\n  {\"time\": \"07:00\", \"sound\": \"speak:time\", \"voice\": \"klingon\"}\n]}\n")
        let result = try AlarmPlayBinary.run(["validate", "--alarms", home.file("alarms.json")], environment: AlarmPlayBinary.environment(home: home))
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("alarms.json:2:53: unknown voice \"klingon\""), result.stderr)
        let preview = try AlarmPlayBinary.run(["preview", "speak:time", "--voice", "klingon", "--device", "null"],
                                              environment: AlarmPlayBinary.environment(home: home))
        XCTAssertEqual(preview.status, 65, preview.stderr)
    }
}
