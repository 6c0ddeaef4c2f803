import XCTest

@testable import AlarmCore
@testable import AlarmAudio
import UnitTestSupport

final class SineTableTests: XCTestCase {
    func testLookupIsWithinFourTenMillionthsOfSine() {
        let worst = SineTable.values.withUnsafeBufferPointer { table in
            (0..<100_000).map { i -> Double in
                let cycles = Double(i) * 0.000_123_7
                let phase = UInt64(i) &* SineTable.step(cycles: 0.000_123_7)
                return abs(Double(SineTable.sine(phase, table: table.baseAddress!)) - sin(2 * .pi * cycles))
            }.max() ?? 1
        }
        XCTAssertLessThan(worst, 4e-7)
    }

    func testPhaseStepIsExactToTheFemtohertz() {
        let step = SineTable.step(cycles: 440.0 / 48_000)
        let measured = Double(step) / 18_446_744_073_709_551_616.0 * 48_000
        XCTAssertEqual(measured, 440, accuracy: 1e-9)
    }
}
