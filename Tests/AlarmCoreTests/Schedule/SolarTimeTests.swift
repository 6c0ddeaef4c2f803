@testable import AlarmCore
import UnitTestSupport
import XCTest

/// The sun's times against the astral library (Python, the same NOAA equations) at three latitudes.
final class SolarTimeTests: XCTestCase {
    private func time(_ event: SolarTime.Event, _ date: String, _ latitude: Double, _ longitude: Double) -> Int? {
        SolarTime.instant(of: event, on: try! CalendarDate(parsing: date), latitude: latitude, longitude: longitude)
    }

    private func assertNear(_ found: Int?, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let found else { return XCTFail("no time", file: file, line: line) }
        XCTAssertLessThanOrEqual(abs(found - instant(expected)), 60, "\(TimeFormat().iso(found)) against \(expected)", file: file, line: line)
    }

    func testAgainstAstral() {
        withTimeZone("UTC") {
            // astral 3: Berlin on the winter solstice, London on the summer one, Sydney at the equinox.
            assertNear(time(.sunrise, "2026-12-21", 52.52, 13.405), "2026-12-21T08:15:16+01:00")
            assertNear(time(.sunset, "2026-12-21", 52.52, 13.405), "2026-12-21T15:53:35+01:00")
            assertNear(time(.dawn, "2026-12-21", 52.52, 13.405), "2026-12-21T07:32:47+01:00")
            assertNear(time(.sunrise, "2026-06-21", 51.5074, -0.1278), "2026-06-21T04:43:27+01:00")
            assertNear(time(.dusk, "2026-06-21", 51.5074, -0.1278), "2026-06-21T22:09:54+01:00")
            assertNear(time(.sunrise, "2026-03-20", -33.87, 151.21), "2026-03-20T06:58:09+11:00")
        }
    }

    func testAPolarNightHasNoSunriseAndAPolarDayNoSunset() {
        XCTAssertNil(time(.sunrise, "2026-12-21", 69.65, 18.96), "Tromsø in December")
        XCTAssertNil(time(.sunset, "2026-06-21", 69.65, 18.96), "Tromsø in June")
        XCTAssertNotNil(time(.dawn, "2026-12-21", 69.65, 18.96), "civil dawn still comes")
    }
}
