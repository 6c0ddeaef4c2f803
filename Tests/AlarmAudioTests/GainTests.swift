import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

final class GainTests: XCTestCase {
    private func applying(_ gain: Gain, to samples: [Float], channels: Int = 1) -> [Float] {
        var buffer = samples
        buffer.withUnsafeMutableBufferPointer {
            gain.apply(to: $0.baseAddress!, frames: samples.count / channels, channels: channels)
        }
        return buffer
    }

    func testUnityLeavesInRangeSamplesAlone() {
        let samples: [Float] = [0, 0.25, -0.5, 1, -1, 0.999]
        XCTAssertEqual(applying(.unity, to: samples), samples)
    }

    func testHalfVolumeHalvesExactly() {
        XCTAssertEqual(applying(Gain(volume: 0.5), to: [0.5, -1, 0.25, 0]), [0.25, -0.5, 0.125, 0])
    }

    func testZeroVolumeSilences() {
        XCTAssertEqual(applying(Gain(volume: 0), to: [0.7, -0.3, 1.5]), [0, 0, 0])
    }

    func testOvershootIsClampedToFullScale() {
        XCTAssertEqual(applying(.unity, to: [1.2, -1.7, 3, -0.2]), [1, -1, 1, -0.2])
        XCTAssertEqual(applying(Gain(volume: 0.5), to: [4, -4]), [1, -1])
    }

    func testNotANumberBecomesSilence() {
        XCTAssertEqual(applying(.unity, to: [.nan, 0.5]), [0, 0.5])
    }

    func testVolumeIsLimitedToZeroThroughOne() {
        XCTAssertEqual(Gain(volume: 1.7).volume, 1)
        XCTAssertEqual(Gain(volume: -0.2).volume, 0)
        XCTAssertEqual(Gain(volume: 0.3).volume, 0.3)
    }

    func testAppliesToEveryChannelOfEveryFrame() {
        XCTAssertEqual(applying(Gain(volume: 0.5), to: [1, -1, 0.5, -0.5], channels: 2), [0.5, -0.5, 0.25, -0.25])
    }
}
