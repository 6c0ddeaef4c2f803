import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

final class FadeOutTests: XCTestCase {
    /// 2 s at 1 kHz: 2,000 frames of fade.
    private let fade = FadeOut(seconds: 2, sampleRate: 1_000)

    func testIsUnchangedBeforeTheFade() {
        XCTAssertEqual(fade.frames, 2_000)
        XCTAssertEqual(fade.gain(framesLeft: 90_000), 1)
        XCTAssertEqual(fade.gain(framesLeft: 2_000), 1)
        XCTAssertTrue(fade.leavesUnchanged(frames: 100, framesLeft: 2_099))
        XCTAssertFalse(fade.leavesUnchanged(frames: 100, framesLeft: 2_098))
    }

    func testFallsLinearlyInDecibelsToSixtyBelow() {
        XCTAssertEqual(fade.gain(framesLeft: 1_500), pow(10, -15.0 / 20), accuracy: 1e-12)
        XCTAssertEqual(fade.gain(framesLeft: 1_000), pow(10, -30.0 / 20), accuracy: 1e-12)
        XCTAssertEqual(fade.gain(framesLeft: 500), pow(10, -45.0 / 20), accuracy: 1e-12)
        XCTAssertEqual(fade.gain(framesLeft: 1), pow(10, -60.0 * 1_999 / 2_000 / 20), accuracy: 1e-12)
    }

    func testIsSilentOnceOver() {
        XCTAssertEqual(fade.gain(framesLeft: 0), 0)
        XCTAssertEqual(fade.gain(framesLeft: -5), 0)
    }

    func testFallsMonotonically() {
        let gains: [Double] = (0...2_100).reversed().map { fade.gain(framesLeft: $0) }
        for (earlier, later) in zip(gains, gains.dropFirst()) where earlier != 1 {
            XCTAssertGreaterThan(earlier, later)
        }
        XCTAssertEqual(gains.first, 1)
        XCTAssertEqual(gains.last, 0)
    }

    func testNoFadeLeavesEverythingButTheEnd() {
        let none = FadeOut(seconds: 0, sampleRate: 48_000)
        XCTAssertEqual(none.frames, 0)
        XCTAssertEqual(none.gain(framesLeft: 1), 1)
        XCTAssertTrue(none.leavesUnchanged(frames: 4_096, framesLeft: 4_096))
        var buffer: [Float] = [0.5, -0.5, 0.25]
        buffer.withUnsafeMutableBufferPointer { none.apply(to: $0.baseAddress!, frames: 3, channels: 1, framesLeft: 3) }
        XCTAssertEqual(buffer, [0.5, -0.5, 0.25])
    }

    /// The player fades block by block, counting the frames left; whatever the block boundaries
    /// (before, across and inside the fade) every frame gets the formula's gain on every channel.
    func testBlockwiseApplicationMatchesTheFormulaOnEveryChannel() {
        let total = 2_600
        var buffer = [Float](repeating: 0.5, count: total * 2)
        var played = 0
        for size in [300, 7, 256, 1_000, 37, 1_000] {
            buffer.withUnsafeMutableBufferPointer { pointer in
                fade.apply(to: pointer.baseAddress! + played * 2, frames: size, channels: 2, framesLeft: total - played)
            }
            played += size
        }
        XCTAssertEqual(played, total)
        for frame in 0..<total {
            let expected = 0.5 * fade.gain(framesLeft: total - frame)
            XCTAssertEqual(Double(buffer[frame * 2]), expected, accuracy: max(expected * 1e-5, 1e-9), "frame \(frame)")
            XCTAssertEqual(buffer[frame * 2 + 1], buffer[frame * 2])
        }
    }
}
