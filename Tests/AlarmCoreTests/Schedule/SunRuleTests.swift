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

extension SunRuleTests {
    private func sun(_ offset: String) throws -> SunRule? {
        let alarm = #"{"days": "daily", "location": {"latitude": 52.52, "longitude": 13.4}, "sun": {"event": "sunrise", "offset": \#(offset)}}"#
        return try AlarmFile.parse(#"{"alarms": [\#(alarm)]}"#, path: "alarms.json", sounds: nil).alarms[0].sun
    }

    private func problem(_ offset: String) -> String {
        do {
            _ = try sun(offset)
            return ""
        } catch {
            return (error as? AlarmFileError)?.lines.joined(separator: "\n") ?? "\(error)"
        }
    }

    /// Either way, in words or seconds, and what `list` prints (with its typographic minus) reads back.
    func testAnOffsetEitherWayUpToSixHoursAndWhatListPrintsReadsBack() throws {
        XCTAssertEqual(try sun(#""+10m""#)?.offset, 600)
        XCTAssertEqual(try sun(#""-30m""#)?.offset, -1800)
        XCTAssertEqual(try sun("-1800")?.offset, -1800)
        XCTAssertEqual(try sun("600")?.offset, 600)
        let printed = try XCTUnwrap(try sun(#""-1h30m""#)).description
        XCTAssertEqual(printed, "sunrise −1h30m")
        XCTAssertEqual(try sun("\"\(printed.dropFirst("sunrise ".count))\"")?.offset, -5400, "what list prints is what the file takes")
        for offset in [#""-6h1s""#, "21601", "-21601", #""+7h""#] {
            XCTAssertTrue(problem(offset).contains("offset must be up to 6h either way, e.g. \"-30m\" or \"+10m\""), "\(offset): \(problem(offset))")
        }
        XCTAssertTrue(problem(#""+-5m""#).contains("invalid duration"), problem(#""+-5m""#))
    }
}
