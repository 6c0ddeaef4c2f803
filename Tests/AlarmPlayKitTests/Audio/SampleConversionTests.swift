import XCTest

@testable import AlarmPlayKit

final class SampleConversionTests: XCTestCase {
    func testFullScaleZeroAndRounding() {
        XCTAssertEqual(SampleConversion.s16(0), 0)
        XCTAssertEqual(SampleConversion.s16(1), 32_767)
        XCTAssertEqual(SampleConversion.s16(-1), -32_767)
        XCTAssertEqual(SampleConversion.s16(0.5), 16_384)  // 16383.5 rounds away from zero
        XCTAssertEqual(SampleConversion.s16(1.0 / 32_767 * 0.4), 0)
    }

    func testOvershootClampsInsteadOfWrapping() {
        XCTAssertEqual(SampleConversion.s16(1.3), 32_767)
        XCTAssertEqual(SampleConversion.s16(-7), -32_767)
        XCTAssertEqual(SampleConversion.s16(.nan), 0)
    }

    func testConvertsABuffer() {
        let source: [Float] = [0.25, -0.25, 2]
        var destination = [Int16](repeating: 99, count: 3)
        destination.withUnsafeMutableBufferPointer { out in
            SampleConversion.s16(from: source, into: out.baseAddress!, count: 3)
        }
        XCTAssertEqual(destination, [8_192, -8_192, 32_767])
    }
}
