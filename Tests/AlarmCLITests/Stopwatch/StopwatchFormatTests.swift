import AlarmCore
import AlarmCLI
import UnitTestSupport
import XCTest

final class StopwatchFormatTests: XCTestCase {
    func testMinutesSecondsHundredths() {
        XCTAssertEqual(StopwatchFormat.time(0), "00:00.00")
        XCTAssertEqual(StopwatchFormat.time(.seconds(72.4)), "01:12.40")
        XCTAssertEqual(StopwatchFormat.time(.seconds(9.07)), "00:09.07")
    }

    func testTruncatesSoSixtyNeverShows() {
        XCTAssertEqual(StopwatchFormat.time(59_995_000_000), "00:59.99")
        XCTAssertEqual(StopwatchFormat.time(59_999_999_999), "00:59.99")
        XCTAssertEqual(StopwatchFormat.time(60_000_000_000), "01:00.00")
        XCTAssertEqual(StopwatchFormat.time(119_995_000_000), "01:59.99")
        XCTAssertEqual(StopwatchFormat.time(.seconds(0.019)), "00:00.01")
    }

    func testHoursFromOneHourOn() {
        XCTAssertEqual(StopwatchFormat.time(3_599_999_999_999), "59:59.99")
        XCTAssertEqual(StopwatchFormat.time(.seconds(3600)), "1:00:00.00")
        XCTAssertEqual(StopwatchFormat.time(.seconds(3600 + 62.5)), "1:01:02.50")
        XCTAssertEqual(StopwatchFormat.time(.seconds(100 * 3600 + 0.01)), "100:00:00.01")
    }

    func testLapLine() {
        let lap = Lap(number: 3, total: .seconds(72.4), previousTotal: .seconds(48.45))
        XCTAssertEqual(StopwatchFormat.lapLine(lap), "Lap 3   01:12.40   +00:23.95")
        XCTAssertEqual(StopwatchFormat.lapLine(lap, numberWidth: 2, mark: .fastest), "Lap 3    01:12.40   +00:23.95  fastest")
    }

    func testDisplayedDifferencesAddUpToDisplayedTotals() {
        // 10.009 s and 20.001 s: the raw difference 9.992 s would show 09.99, but the totals show
        // 10.00 and 20.00, so the difference shown is their difference.
        let first = Lap(number: 1, total: 10_009_000_000, previousTotal: 0)
        let second = Lap(number: 2, total: 20_001_000_000, previousTotal: 10_009_000_000)
        XCTAssertEqual(StopwatchFormat.lapLine(first), "Lap 1   00:10.00   +00:10.00")
        XCTAssertEqual(StopwatchFormat.lapLine(second), "Lap 2   00:20.00   +00:10.00")
    }

    func testCopyTextIsOldestFirstWithoutPrefixes() {
        let laps = [
            Lap(number: 1, total: .seconds(1.5), previousTotal: 0),
            Lap(number: 2, total: .seconds(4), previousTotal: .seconds(1.5)),
        ]
        XCTAssertEqual(StopwatchFormat.copyText(laps), "1   00:01.50   00:01.50\n2   00:04.00   00:02.50\n")
        XCTAssertEqual(StopwatchFormat.copyText([]), "")
    }
}
