import AudioTestSupport
import XCTest

/// The analysis the audio tests rely on must itself measure right, and must be able to
/// say no: a clean tone passes, a cut one fails.
final class AudioAnalysisTests: XCTestCase {
    private func sine(_ frequency: Double, amplitude: Double = 0.5, seconds: Double = 1, rate: Int = 48_000) -> Signal {
        let samples = (0..<Int(seconds * Double(rate))).map { n in
            Float(amplitude * sin(2 * Double.pi * frequency * Double(n) / Double(rate)))
        }
        return Signal(samples: samples, sampleRate: rate)
    }

    func testWAVRoundTripKeepsRateChannelsAndSamples() throws {
        let interleaved: [Float] = [0, 0.5, -0.5, 1, -1, 0.25]
        let audio = try WAVReader.parse(WAVWriter.bytes(interleaved, sampleRate: 22_050, channels: 2))
        XCTAssertEqual(audio.sampleRate, 22_050)
        XCTAssertEqual(audio.channels, 2)
        XCTAssertEqual(audio.frames, 3)
        for (read, written) in zip(audio.interleaved, interleaved) {
            XCTAssertEqual(read, written, accuracy: 1.0 / 32_768)
        }
        XCTAssertEqual(audio.channel(1).samples.count, 3)
        XCTAssertEqual(audio.channel(1).samples[0], 0.5, accuracy: 1.0 / 32_768)
    }

    /// What ALSA's `file` plugin can leave: float samples and a data size never filled in.
    func testReadsFloatWAVWithAnUnfinishedDataSize() throws {
        var bytes = WAVWriter.bytes([], sampleRate: 48_000, channels: 1)
        bytes[20] = 3  // format tag: IEEE float
        bytes[34] = 32  // bits per sample
        for value: Float in [0.25, -0.75] {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
        }
        let audio = try WAVReader.parse(bytes)
        XCTAssertEqual(audio.interleaved, [0.25, -0.75])
    }

    func testRejectsWhatIsNotAWAV() {
        XCTAssertThrowsError(try WAVReader.parse(Array("not a wave file at all".utf8)))
    }

    func testRawSigned16() {
        let audio = WAVReader.raw([0x00, 0x40, 0x00, 0xC0, 0xFF], encoding: .signed16LE, sampleRate: 8_000, channels: 1)
        XCTAssertEqual(audio.interleaved, [0.5, -0.5])
    }

    func testLevels() {
        let tone = sine(1_000, amplitude: 1)
        XCTAssertEqual(tone.rmsDBFS, -3.0103, accuracy: 0.01)
        XCTAssertEqual(tone.peakDBFS, 0, accuracy: 0.01)
        let windows = tone.followed(by: Signal(samples: Array(repeating: 0, count: 4_800), sampleRate: 48_000))
            .windowLevels()
        XCTAssertEqual(windows.count, 11)
        XCTAssertEqual(windows[10].rmsDBFS, -.infinity)
        XCTAssertEqual(windows[10].start, 1.0, accuracy: 1e-9)
    }

    func testGoertzelFindsTheToneAndNotItsNeighbour() {
        let tone = sine(1_000)
        XCTAssertEqual(tone.amplitude(atFrequency: 1_000), 0.5, accuracy: 0.005)
        XCTAssertLessThan(tone.amplitude(atFrequency: 1_500), 0.005)
    }

    func testFrequencyEstimateIsWellWithinHalfAHertz() throws {
        XCTAssertEqual(try XCTUnwrap(sine(440.25).estimatedFrequency()), 440.25, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(sine(1_234.5, rate: 22_050).estimatedFrequency()), 1_234.5, accuracy: 0.01)
        XCTAssertNil(Signal(samples: [0, 0, 0], sampleRate: 48_000).estimatedFrequency())
    }

    func testTheMedianFrequencyIsThePitchThroughAGap() throws {
        var glitched = sine(440)
        // 20 ms of silence where a real-time server ran dry under load.
        glitched.samples.insert(contentsOf: [Float](repeating: 0, count: 960), at: 10_000)
        XCTAssertGreaterThan(abs(try XCTUnwrap(glitched.slice(from: 0.1, to: 0.35).estimatedFrequency()) - 440), 1,
                             "the gap throws a whole estimate off")
        XCTAssertEqual(try XCTUnwrap(glitched.medianFrequency()), 440, accuracy: 0.1)
        XCTAssertNil(Signal(samples: [0, 0, 0], sampleRate: 48_000).medianFrequency())
    }

    func testSoundAndSilenceBoundaries() {
        let silence = Signal(samples: Array(repeating: 0, count: 480), sampleRate: 48_000)
        let signal = silence.followed(by: sine(500, seconds: 0.1)).followed(by: silence)
        XCTAssertEqual(signal.firstSound(), 481)  // sample 480 is sin(0) = 0
        XCTAssertEqual(signal.lastSound(), 480 + 4_799)
        XCTAssertEqual(signal.soundSpans().count, 1)
        XCTAssertTrue(silence.isSilent())
    }

    func testCleanToneHasNoClick() {
        XCTAssertLessThanOrEqual(sine(2_000).worstClick(bandLimit: 2_100).ratio, 1)
    }

    func testCutAtAPeakIsAClick() {
        var cut = sine(1_000)
        for n in 24_012..<48_000 { cut.samples[n] = 0 }  // 1000 Hz peaks at sample 12 + 48k
        let report = cut.worstClick(bandLimit: 1_100)
        XCTAssertGreaterThan(report.ratio, 5)
        XCTAssertEqual(report.index, 24_011, accuracy: 1)
        XCTAssertEqual(cut.largestJump().size, 0.5, accuracy: 0.01)
    }

    func testCutAtAZeroCrossingIsStillAClick() {
        var cut = sine(1_000)
        for n in 24_000..<48_000 { cut.samples[n] = 0 }
        XCTAssertGreaterThan(cut.worstClick(bandLimit: 1_100).ratio, 3)
    }
}
