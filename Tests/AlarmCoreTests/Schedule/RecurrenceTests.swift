@testable import AlarmCore
import UnitTestSupport
import XCTest

/// Every pattern, by the instants it gives (`next`'s arithmetic), in real zones.
final class RecurrenceTests: XCTestCase {
    private func rings(_ alarm: String, after: String, count: Int = 4, zone: String = "UTC") throws -> [String] {
        try withTimeZone(zone) {
            let file = try AlarmFile.parse("{\"alarms\": [\(alarm)]}", path: "a.json", sounds: nil)
            let start = try ISO8601.parse(after).seconds
            return file.alarms.nextRings(after: start, count: count).map { TimeFormat().iso($0.at) }
        }
    }

    private func problems(_ alarm: String) -> [String] {
        do {
            _ = try AlarmFile.parse("{\"alarms\": [\(alarm)]}", path: "a.json", sounds: nil)
            return []
        } catch {
            return error.lines
        }
    }

    func testEveryOtherWeekAndEveryThirdDay() throws {
        XCTAssertEqual(try rings(#"{"time": "07:00", "every": "2w", "days": ["mon", "thu"], "from": "2026-11-30"}"#, after: "2026-11-29T00:00:00Z"),
                       ["2026-11-30T07:00:00+00:00", "2026-12-03T07:00:00+00:00", "2026-12-14T07:00:00+00:00", "2026-12-17T07:00:00+00:00"])
        XCTAssertEqual(try rings(#"{"time": "06:00", "every": "3d", "from": "2026-12-30"}"#, after: "2026-12-01T00:00:00Z"),
                       ["2026-12-30T06:00:00+00:00", "2027-01-02T06:00:00+00:00", "2027-01-05T06:00:00+00:00", "2027-01-08T06:00:00+00:00"],
                       "across the year's end")
    }

    func testEveryTwoWeeksAcrossADSTChangeKeepsTheLocalTime() throws {
        XCTAssertEqual(try rings(#"{"time": "07:00", "every": "2w", "days": "sun", "from": "2026-10-18"}"#, after: "2026-10-17T00:00:00Z",
                                 count: 3, zone: "Europe/Berlin"),
                       ["2026-10-18T07:00:00+02:00", "2026-11-01T07:00:00+01:00", "2026-11-15T07:00:00+01:00"])
    }

    func testMonthlyDaysAndWeekdays() throws {
        XCTAssertEqual(try rings(#"{"time": "09:00", "monthly": 31}"#, after: "2027-01-01T00:00:00Z"),
                       ["2027-01-31T09:00:00+00:00", "2027-03-31T09:00:00+00:00", "2027-05-31T09:00:00+00:00", "2027-07-31T09:00:00+00:00"],
                       "months without a 31st are skipped")
        XCTAssertEqual(try rings(#"{"time": "09:00", "monthly": -1}"#, after: "2027-01-31T10:00:00Z", count: 2),
                       ["2027-02-28T09:00:00+00:00", "2027-03-31T09:00:00+00:00"])
        XCTAssertEqual(try rings(#"{"time": "09:00", "monthly": "last sun"}"#, after: "2026-12-01T00:00:00Z", count: 3),
                       ["2026-12-27T09:00:00+00:00", "2027-01-31T09:00:00+00:00", "2027-02-28T09:00:00+00:00"])
        XCTAssertEqual(try rings(#"{"time": "09:00", "monthly": "first mon"}"#, after: "2026-12-01T00:00:00Z", count: 2),
                       ["2026-12-07T09:00:00+00:00", "2027-01-04T09:00:00+00:00"])
    }

    func testAMonthlyTimeTheSpringForwardSkipsRingsAtThree() throws {
        XCTAssertEqual(try rings(#"{"time": "02:30", "monthly": "last sun"}"#, after: "2027-03-01T00:00:00Z", count: 1, zone: "Europe/Berlin"),
                       ["2027-03-28T03:00:00+02:00"])
    }

    func testYearlyAndTheTwentyNinthOfFebruary() throws {
        XCTAssertEqual(try rings(#"{"time": "08:00", "yearly": "12-24"}"#, after: "2026-12-25T00:00:00Z", count: 2),
                       ["2027-12-24T08:00:00+00:00", "2028-12-24T08:00:00+00:00"])
        XCTAssertEqual(try rings(#"{"time": "08:00", "yearly": "02-29"}"#, after: "2026-01-01T00:00:00Z", count: 2),
                       ["2028-02-29T08:00:00+00:00", "2032-02-29T08:00:00+00:00"])
    }

    func testExceptAndUntil() throws {
        XCTAssertEqual(try rings(#"{"time": "07:00", "days": "weekdays", "except": ["2026-12-24", "2026-12-25"], "until": "2026-12-29"}"#,
                                 after: "2026-12-23T08:00:00Z", count: 5),
                       ["2026-12-28T07:00:00+00:00", "2026-12-29T07:00:00+00:00"])
    }

    func testBadCombinationsAreLocatedErrors() {
        XCTAssertEqual(problems(#"{"time": "07:00", "days": "mon", "monthly": 1}"#),
                       [#"a.json:1:46: "monthly" and "days" both say when it rings: keep one of them"#])
        XCTAssertEqual(problems(#"{"time": "07:00", "every": "2w"}"#).first,
                       #"a.json:1:40: "every" needs "from": the date it counts from (e.g. "from": "2026-12-07")"#)
        XCTAssertEqual(problems(#"{"time": "07:00", "every": "fortnight", "from": "2026-12-07"}"#).count, 1)
        XCTAssertEqual(problems(#"{"time": "07:00", "monthly": "fifth mon"}"#).count, 1)
        XCTAssertEqual(problems(#"{"time": "07:00", "yearly": "02-30"}"#).count, 1)
        XCTAssertEqual(problems(#"{"time": "07:00", "date": "2026-12-24", "until": "2027-01-01"}"#).first?.contains("until"), true)
        XCTAssertEqual(problems(#"{"time": "07:00", "from": "2026-12-24"}"#).first?.contains("only goes with"), true)
    }

    func testPatternsInWords() throws {
        let file = try AlarmFile.parse(#"{"alarms": [{"time": "07:00", "every": "2w", "days": ["mon"], "from": "2026-11-30"}, {"time": "07:00", "monthly": "first mon"}, {"time": "07:00", "yearly": "12-24"}]}"#,
                                       path: "a.json", sounds: nil)
        XCTAssertEqual(file.alarms.map(\.repeats.description), ["every 2 weeks on Mon", "1st Mon of the month", "24 Dec yearly"])
    }
}
