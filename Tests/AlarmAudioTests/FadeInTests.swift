import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

final class FadeInTests: XCTestCase {
    private let fade = FadeIn(volume: 0.8, seconds: 2, sampleRate: 1_000)
    /// The volume as the samples see it: a `Float`.
    private let volume = Double(Float(0.8))

    func testStartsFortyDecibelsBelowTheVolume() {
        XCTAssertEqual(fade.frames, 2_000)
        XCTAssertEqual(fade.gain(atFrame: 0), volume * 0.01, accuracy: 1e-12)
    }

    func testIsLinearInDecibels() {
        XCTAssertEqual(fade.gain(atFrame: 1_000), volume * 0.1, accuracy: 1e-12)
        XCTAssertEqual(fade.gain(atFrame: 500), volume * pow(10, -30.0 / 20), accuracy: 1e-12)
        XCTAssertEqual(fade.gain(atFrame: 1_500), volume * pow(10, -10.0 / 20), accuracy: 1e-12)
    }

    func testReachesTheVolumeAndStaysThere() {
        XCTAssertEqual(fade.gain(atFrame: 2_000), volume, accuracy: 1e-12)
        XCTAssertEqual(fade.gain(atFrame: 90_000), volume, accuracy: 1e-12)
        XCTAssertFalse(fade.isComplete(atFrame: 1_999))
        XCTAssertTrue(fade.isComplete(atFrame: 2_000))
    }

    func testRisesMonotonically() {
        let gains = (0...2_100).map(fade.gain(atFrame:))
        XCTAssertTrue(zip(gains, gains.dropFirst()).allSatisfy { $0 < $1 || ($0 == $1 && $0 == gains.last) })
    }

    func testZeroSecondsPlaysAtFullVolumeAtOnce() {
        let immediate = FadeIn(volume: 0.6, seconds: 0, sampleRate: 48_000)
        XCTAssertEqual(immediate.frames, 0)
        XCTAssertEqual(immediate.gain(atFrame: 0), Double(Float(0.6)))
        var buffer: [Float] = [1, 0.5, 2]
        buffer.withUnsafeMutableBufferPointer { immediate.apply(to: $0.baseAddress!, frames: 3, channels: 1, startFrame: 0) }
        XCTAssertEqual(buffer, [0.6, 0.3, 1])
    }

    /// The player applies the fade block by block with a running frame count; the
    /// incremental per-frame gain must match the formula whatever the block boundaries.
    func testBlockwiseApplicationMatchesTheFormulaOnEveryChannel() {
        let frames = 2_300
        var buffer = [Float](repeating: 1, count: frames * 2)
        var start = 0
        for size in [1, 7, 256, 1_000, 36, 1_000] {
            buffer.withUnsafeMutableBufferPointer { pointer in
                fade.apply(to: pointer.baseAddress! + start * 2, frames: size, channels: 2, startFrame: start)
            }
            start += size
        }
        for frame in 0..<frames {
            let expected = fade.gain(atFrame: frame)
            XCTAssertEqual(Double(buffer[frame * 2]), expected, accuracy: expected * 1e-5, "frame \(frame)")
            XCTAssertEqual(buffer[frame * 2 + 1], buffer[frame * 2])
        }
    }

    func testClampsWhileFading() {
        var buffer: [Float] = [-500, 500]
        buffer.withUnsafeMutableBufferPointer { fade.apply(to: $0.baseAddress!, frames: 2, channels: 1, startFrame: 0) }
        XCTAssertEqual(buffer, [-1, 1])
    }
}

final class FadeInPassThroughTests: XCTestCase {
    func testSamplesPassUnchangedOnlyAtUnityOnceTheFadeIsOver() {
        let fade = FadeIn(volume: 1, seconds: 2, sampleRate: 1_000)
        XCTAssertFalse(fade.leavesUnchanged(fromFrame: 0))
        XCTAssertFalse(fade.leavesUnchanged(fromFrame: 1_999))
        XCTAssertTrue(fade.leavesUnchanged(fromFrame: 2_000))
        XCTAssertTrue(FadeIn(volume: 1, seconds: 0, sampleRate: 1_000).leavesUnchanged(fromFrame: 0))
        XCTAssertTrue(FadeIn(volume: 1.5, seconds: 0, sampleRate: 1_000).leavesUnchanged(fromFrame: 0), "volume is limited to 1")
    }

    func testAnyGainBelowUnityChangesTheSamples() {
        XCTAssertFalse(FadeIn(volume: 0.999, seconds: 0, sampleRate: 1_000).leavesUnchanged(fromFrame: 0))
        XCTAssertFalse(FadeIn(volume: 0.5, seconds: 1, sampleRate: 1_000).leavesUnchanged(fromFrame: 5_000))
    }
}
