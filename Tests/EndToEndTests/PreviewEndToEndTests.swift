import AudioTestSupport
import Foundation
import XCTest

/// `alarmplay preview` through a real ALSA PCM: the `file` plugin tap (exact samples) and a
/// private PulseAudio null sink (real time), asserting on what was captured.
final class PreviewEndToEndTests: XCTestCase {
    var home: TemporaryDirectory!
    var tap: ALSATap!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
        tap = try ALSATap(in: home)
    }

    override func tearDown() {
        home.remove()
    }

    var environment: [String: String] {
        AlarmPlayBinary.environment(home: home, tap.environment)
    }

    func preview(_ arguments: [String]) throws -> (CommandResult, WAVAudio) {
        let result = try AlarmPlayBinary.run(
            ["preview"] + arguments + ["--device", tap.device, "--sounds", AlarmPlayBinary.fixtures + "/sounds"],
            environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (result, try WAVReader.read(path: tap.wavPath))
    }

    func testBeepToneIsExactly440HzForItsLength() throws {
        let (_, audio) = try preview(["tone:beep"])
        XCTAssertEqual(audio.sampleRate, 48_000)
        XCTAssertEqual(audio.duration, 2.0, accuracy: 0.011)
        let signal = audio.mono
        let first = try XCTUnwrap(signal.firstSound())
        let steady = signal.slice(from: signal.seconds(at: first) + 0.05, to: signal.seconds(at: first) + 0.35)
        XCTAssertEqual(try XCTUnwrap(steady.estimatedFrequency()), 440, accuracy: 0.5)
    }

    func testFileSoundComesOutAsTheFilesSamples() throws {
        let (_, audio) = try preview(["file:tone-440"])
        let original = try WAVReader.read(path: AlarmPlayBinary.fixtures + "/sounds/tone-440.wav")
        XCTAssertEqual(audio.sampleRate, original.sampleRate)
        XCTAssertEqual(audio.channels, original.channels)
        XCTAssertEqual(audio.frames, original.frames)
        let worst = zip(audio.interleaved, original.interleaved).map { abs($0 - $1) }.max() ?? 1
        XCTAssertLessThanOrEqual(worst, 1.0 / 32768, "samples differ by up to \(worst)")
    }

    /// A 16-bit file at unity gain goes to the device as its own samples (S16 straight through,
    /// no float on the way): the tap holds exactly the file's samples, for a file streamed from disk
    /// (longer than a decoded clip) and for a short one decoded into memory and looped.
    func testSixteenBitFileComesOutAsItsExactSamples() throws {
        let folder = home.file("exact")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, seconds) in [("long", 13), ("short", 1)] {
            // Pseudo-random values over the whole range, up to full scale: any conversion shows.
            var seed: UInt32 = 12_345
            let samples = (0..<(seconds * 8_000 * 2)).map { _ -> Float in
                seed = seed &* 1_103_515_245 &+ 12_345
                return Float(Int(seed >> 16) % 65_535 - 32_767) / 32_767
            }
            try WAVWriter.write(samples, sampleRate: 8_000, channels: 2, to: folder + "/\(name).wav")
        }
        for (name, extra) in [("long", [String]()), ("short", ["--seconds", "2.5"])] {
            let result = try AlarmPlayBinary.run(
                ["preview", "file:\(name)", "--device", tap.device, "--sounds", folder] + extra, environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            let audio = try WAVReader.read(path: tap.wavPath)
            let original = try WAVReader.read(path: folder + "/\(name).wav")
            let expected = extra.isEmpty ? original.interleaved : Array((0..<3).map { _ in original.interleaved }.joined().prefix(20_000 * 2))
            XCTAssertEqual(audio.sampleRate, 8_000)
            XCTAssertEqual(audio.interleaved.count, expected.count, name)
            XCTAssertEqual(zip(audio.interleaved, expected).filter { $0 != $1 }.count, 0, "\(name): samples differ from the file's")
        }
    }

    /// Where a fade-in applies the samples are scaled; once it is over they are the file's own again.
    func testAfterTheFadeInTheFileSamplesComeOutExactly() throws {
        let (_, audio) = try preview(["file:tone-440", "--seconds", "2", "--fade-in", "0.5"])
        let original = try WAVReader.read(path: AlarmPlayBinary.fixtures + "/sounds/tone-440.wav")
        let frames = original.frames
        let channels = original.channels
        XCTAssertEqual(audio.frames, 2 * frames)
        // Past the fade, from the first block after it (4096 frames at most), the second pass of the file.
        let start = (frames / 2 + 4_096) * channels
        let file = Array(original.interleaved[start...]) + original.interleaved
        XCTAssertEqual(zip(audio.interleaved[start...], file).filter { $0 != $1 }.count, 0, "samples after the fade differ from the file's")
        XCTAssertLessThan(audio.mono.slice(from: 0, to: 0.05).rmsDBFS, original.mono.slice(from: 0, to: 0.05).rmsDBFS - 25)
    }

    func testStereoFlacKeepsItsRateAndChannels() throws {
        let (_, audio) = try preview(["file:tone-660"])
        XCTAssertEqual(audio.sampleRate, 44_100)
        XCTAssertEqual(audio.channels, 2)
        XCTAssertEqual(try XCTUnwrap(audio.channel(1).slice(from: 0.1, to: 0.9).estimatedFrequency()), 660, accuracy: 0.5)
    }

    func testSecondsLoopsSeamlesslyAndVolumeScales() throws {
        let (_, audio) = try preview(["file:tone-440", "--seconds", "2.5", "--volume", "0.5"])
        XCTAssertEqual(audio.duration, 2.5, accuracy: 0.001)
        let signal = audio.mono
        // The 1 s file at half volume: 0.5 * 0.5 amplitude sine, -12 dBFS peak, with no gap at
        // the loop points (1 s and 2 s): every 10 ms window keeps its level.
        XCTAssertEqual(signal.peakDBFS, Decibels.fromAmplitude(0.25), accuracy: 0.2)
        let quietest = signal.windowLevels(seconds: 0.01).map(\.rmsDBFS).min() ?? -200
        XCTAssertGreaterThan(quietest, Decibels.fromAmplitude(0.25 / 2.squareRoot()) - 0.5)
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 0.9, to: 1.1).estimatedFrequency()), 440, accuracy: 1)
    }

    func testFadeInRisesFromQuietToFull() throws {
        let (_, audio) = try preview(["file:tone-440", "--seconds", "2", "--fade-in", "1"])
        let levels = audio.mono.windowLevels(seconds: 0.1).map(\.rmsDBFS)
        XCTAssertLessThan(levels[0], levels[9] - 25, "\(levels)")
        XCTAssertEqual(levels[15], levels[19], accuracy: 0.2)
        XCTAssertEqual(zip(levels[0..<10], levels[1..<11]).filter { $0 >= $1 }.count, 0, "not rising: \(levels)")
    }

    func testDeviceThatCannotOpenExits69() throws {
        let result = try AlarmPlayBinary.run(["preview", "tone:beep", "--device", "nosuchdevice"], environment: environment)
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.hasPrefix("alarmplay: error: cannot open audio device \"nosuchdevice\": "), result.stderr)
    }
}
