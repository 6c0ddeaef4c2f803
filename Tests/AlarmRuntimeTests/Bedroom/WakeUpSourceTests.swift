@testable import AlarmCore
@testable import AlarmAudio
@testable import AlarmRuntime
import UnitTestSupport
import AudioTestSupport
import XCTest

/// The wake-up sound in front of the alarm's, read as the player reads it, with a fake wall clock.
final class WakeUpSourceTests: XCTestCase {
    private let rate = 8_000

    private func sine(_ frequency: Double, seconds: Double) -> SampleBufferSource {
        let frames = Int(seconds * Double(rate))
        return SampleBufferSource(format: AudioFormat(sampleRate: rate, channels: 1),
                                  samples: (0..<frames).map { Float(0.5 * sin(2 * Double.pi * frequency * Double($0) / Double(rate))) })
    }

    private func phase(start: Int, ring: Int) -> WakeUpRequest {
        WakeUpRequest(sound: .name("tone:bell"), start: Instant(seconds: start), ring: Instant(seconds: ring), fadeInSeconds: 30, ringForSeconds: 600)
    }

    private func read(_ source: any AudioSource, seconds: Double) throws -> Signal {
        let frames = Int(seconds * Double(rate))
        var samples = [Float](repeating: 0, count: frames)
        var filled = 0
        while filled < frames {
            let count = try samples.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress! + filled, frames: min(500, frames - filled)) }
            if count == 0 { try source.rewind(); continue }
            filled += count
        }
        return Signal(samples: samples, sampleRate: rate)
    }

    func testTheWakeUpSoundRisesFromNearSilenceAndTheAlarmTakesOverAtItsFrame() throws {
        let source = WakeUpSource(wake: sine(440, seconds: 0.7), then: sine(880, seconds: 1), phase: phase(start: 100, ring: 110),
                                  now: { 100 }, failed: { _ in XCTFail("nothing failed") })
        let signal = try read(source, seconds: 13)
        let first = signal.slice(from: 0, to: 0.5).rmsDBFS
        let late = signal.slice(from: 9.5, to: 10).rmsDBFS
        let full = signal.slice(from: 10.5, to: 11).rmsDBFS
        XCTAssertLessThan(first, full - 30, "near silence at the start")
        XCTAssertGreaterThan(signal.slice(from: 5, to: 5.5).rmsDBFS, first + 12, "rising")
        XCTAssertEqual(late, full, accuracy: 2, "the alarm's level by the end")
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 9.5, to: 9.99).estimatedFrequency()), 440, accuracy: 5)
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 10.01, to: 10.5).estimatedFrequency()), 880, accuracy: 5, "the alarm's sound from its second")
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 11.5, to: 12.5).estimatedFrequency()), 880, accuracy: 5, "and it loops")
    }

    func testAPlaybackBegunLateStartsAtTheLevelReachedAndStillHandsOverOnTime() throws {
        let source = WakeUpSource(wake: sine(440, seconds: 1), then: sine(880, seconds: 1), phase: phase(start: 100, ring: 110),
                                  now: { 108 }, failed: { _ in })
        let signal = try read(source, seconds: 3)
        XCTAssertGreaterThan(signal.slice(from: 0, to: 0.5).rmsDBFS, -20, "begun at 80 %, not from silence")
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 2.01, to: 2.5).estimatedFrequency()), 880, accuracy: 5)
    }

    func testAWakeUpSoundThatFailsGoesOnAsSilenceAndTheAlarmStillComes() throws {
        final class Broken: AudioSource {
            let format = AudioFormat(sampleRate: 8_000, channels: 1)
            var frameCount: Int? { nil }
            func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int { throw ValueError("disk gone") }
            func rewind() throws {}
        }
        var reasons: [String] = []
        let source = WakeUpSource(wake: Broken(), then: sine(880, seconds: 1), phase: phase(start: 100, ring: 102),
                                  now: { 100 }, failed: { reasons.append($0) })
        let signal = try read(source, seconds: 3)
        XCTAssertLessThan(signal.slice(from: 0, to: 2).rmsDBFS, -90)
        XCTAssertEqual(try XCTUnwrap(signal.slice(from: 2.01, to: 2.9).estimatedFrequency()), 880, accuracy: 5)
        XCTAssertEqual(reasons.count, 1, "said once: \(reasons)")
        XCTAssertTrue(reasons[0].hasSuffix("the wake-up goes on in silence"), reasons[0])
    }
}
