import AlarmCore
import AlarmAudio
import UnitTestSupport
import AudioTestSupport
import XCTest

final class SequenceSourceTests: XCTestCase {
    private func sine(_ frequency: Double, seconds: Double, rate: Int, channels: Int = 1) -> SampleBufferSource {
        let frames = Int(seconds * Double(rate))
        var samples: [Float] = []
        for frame in 0..<frames {
            let value = Float(0.5 * sin(2 * Double.pi * frequency * Double(frame) / Double(rate)))
            samples += Array(repeating: value, count: channels)
        }
        return SampleBufferSource(format: AudioFormat(sampleRate: rate, channels: channels), samples: samples)
    }

    private func readAll(_ source: any AudioSource, frames: Int) throws -> [Float] {
        var buffer = [Float](repeating: 0, count: frames * source.format.channels)
        var filled = 0
        while filled < frames {
            let count = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress! + filled * source.format.channels, frames: min(1000, frames - filled)) }
            if count == 0 { break }
            filled += count
        }
        return Array(buffer.prefix(filled * source.format.channels))
    }

    func testConversionKeepsPitchAndLength() throws {
        let converter = FormatConverter(sine(660, seconds: 1, rate: 44_100, channels: 2), to: AudioFormat(sampleRate: 48_000, channels: 2))
        let samples = try readAll(converter, frames: 60_000)
        XCTAssertEqual(samples.count / 2, 48_000, accuracy: 2)
        let left = Signal(samples: stride(from: 0, to: samples.count, by: 2).map { samples[$0] }, sampleRate: 48_000)
        XCTAssertEqual(try XCTUnwrap(left.slice(from: 0.1, to: 0.9).estimatedFrequency()), 660, accuracy: 1)
    }

    func testSoundsPlayInOrderAndTheLastLoops() throws {
        let sequence = SequenceSource([sine(440, seconds: 0.5, rate: 48_000), sine(880, seconds: 0.25, rate: 22_050)],
                                      fallback: { ToneProvider.fallback() }, failed: { _ in })
        let samples = try readAll(sequence, frames: 48_000 * 2)
        XCTAssertEqual(samples.count, 48_000 * 2 * 2, "the last sound loops on")
        let left = Signal(samples: stride(from: 0, to: samples.count, by: 2).map { samples[$0] }, sampleRate: 48_000)
        XCTAssertEqual(try XCTUnwrap(left.slice(from: 0.05, to: 0.45).estimatedFrequency()), 440, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(left.slice(from: 0.55, to: 0.7).estimatedFrequency()), 880, accuracy: 2)
        XCTAssertEqual(try XCTUnwrap(left.slice(from: 1.55, to: 1.7).estimatedFrequency()), 880, accuracy: 2)
    }

    func testAFailingSoundIsReplacedAndTheSequenceGoesOn() throws {
        final class Broken: AudioSource {
            let format = AudioFormat(sampleRate: 48_000, channels: 2)
            var frameCount: Int? { nil }
            func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int { throw StreamError("stalled") }
            func rewind() throws {}
        }
        var reasons: [String] = []
        let sequence = SequenceSource([Broken(), sine(880, seconds: 0.5, rate: 48_000)], loopsLast: false,
                                      fallback: { self.sine(440, seconds: 0.5, rate: 48_000) }, failed: { reasons.append($0) })
        let samples = try readAll(sequence, frames: 48_000 * 3)
        XCTAssertEqual(reasons, ["stream: stalled"])
        XCTAssertEqual(samples.count, 48_000 * 2, "the fallback once, then the next sound once")
    }
}
