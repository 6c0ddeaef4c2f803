@testable import AlarmCore
import XCTest

final class FlooredDivisionTests: XCTestCase {
    func testTheQuotientIsRoundedDownOnBothSidesOfZero() {
        XCTAssertEqual([7, 6, 1, 0, -1, -6, -7].map { $0.dividedRoundingDown(by: 3) }, [2, 2, 0, 0, -1, -2, -3])
        XCTAssertEqual((-86_400 - 1).dividedRoundingDown(by: 86_400), -2, "a second before 1969-12-31 is in the day before it")
    }
}
