@testable import AlarmCore
import UnitTestSupport
import XCTest

/// Rings that follow the sun: the day's event moved by the offset, kept between the bounds, on the
/// minute; a day without the event rings at `latest`.
final class SunRuleTests: XCTestCase {
    private let file = #"""
        {"location": {"latitude": 52.52, "longitude": 13.405},
         "alarms": [{"id": "dawn", "days": "daily", "sun": {"event": "sunrise", "offset": "-30m", "earliest": "06:00", "latest": "07:30"}},
                    {"id": "north", "days": "daily", "location": {"latitude": 69.65, "longitude": 18.96}, "sun": {"event": "sunrise", "latest": "09:00"}}]}
        """#

    private func rings(_ id: String, after: String, count: Int) throws -> [String] {
        let alarms = try AlarmFile.parse(file, path: "alarms.json", sounds: nil).alarms.filter { $0.id == id }
        return withTimeZone("Europe/Berlin") {
            RingTimeline(alarms: alarms, state: DaemonState(), after: instant(after)).prefix(count).map { TimeFormat().iso($0.at) }
        }
    }

    func testSunriseLessHalfAnHourOnTheMinuteWithinItsBounds() throws {
        // astral: Berlin's sunrise on 2 Dec 2026 is 07:55:45, on 21 Jun 04:43 (so 06:00 holds).
        XCTAssertEqual(try rings("dawn", after: "2026-12-02T00:00:00+01:00", count: 1), ["2026-12-02T07:26:00+01:00"])
        XCTAssertEqual(try rings("dawn", after: "2026-12-21T00:00:00+01:00", count: 1), ["2026-12-21T07:30:00+01:00"], "later than latest: latest")
        XCTAssertEqual(try rings("dawn", after: "2027-06-21T00:00:00+02:00", count: 1), ["2027-06-21T06:00:00+02:00"], "before earliest: earliest")
    }

    func testADayWithoutSunriseRingsAtLatest() throws {
        XCTAssertEqual(try rings("north", after: "2026-12-21T00:00:00+01:00", count: 1), ["2026-12-21T09:00:00+01:00"])
    }

    func testTheSunNeedsDaysAndALocation() {
        for (alarm, message) in [(#"{"sun": {"event": "sunrise"}, "days": "daily"}"#, "\"sun\" needs a \"location\""),
                                 (#"{"sun": {"event": "sunrise"}, "location": {"latitude": 1, "longitude": 2}}"#, "\"sun\" goes with \"days\""),
                                 (#"{"sun": {"event": "sunrize"}, "days": "daily", "location": {"latitude": 1, "longitude": 2}}"#, "(did you mean \"sunrise\"?)"),
                                 (#"{"sun": {"event": "dusk"}, "days": "daily", "location": {"latitude": 91, "longitude": 2}}"#, "latitude must be a number of degrees from -90 to 90")] {
            XCTAssertThrowsError(try AlarmFile.parse(#"{"alarms": [\#(alarm)]}"#, path: "alarms.json", sounds: nil)) { error in
                let lines = (error as? AlarmFileError)?.lines ?? []
                XCTAssertTrue(lines.contains { $0.contains(message) }, "\(alarm): \(lines)")
            }
        }
    }
}
