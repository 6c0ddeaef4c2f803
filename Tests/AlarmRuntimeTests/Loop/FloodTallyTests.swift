@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

final class FloodTallyTests: XCTestCase {
    private let second: Int64 = 1_000_000_000

    func testAFloodIsToldFiveTimesAnIntervalAndCountedAfterThat() {
        var tally = FloodTally()
        let told = (0..<300_000).filter { tally.note(at: Int64($0) * 1000).tell }
        XCTAssertEqual(told.count, FloodTally.toldPerInterval)
        XCTAssertEqual(tally.untold, 300_000 - FloodTally.toldPerInterval)
        XCTAssertEqual(tally.takeUntold(), 300_000 - FloodTally.toldPerInterval)
        XCTAssertEqual(tally.untold, 0)
    }

    func testANewIntervalTellsAgainAndHandsOverWhatTheLastLeftUntold() {
        var tally = FloodTally()
        for index in 0..<8 { _ = tally.note(at: Int64(index) * second) }
        let next = tally.note(at: 10 * second)
        XCTAssertTrue(next.tell)
        XCTAssertEqual(next.untoldBefore, 3)
        XCTAssertEqual(tally.untold, 0)
    }
}
