import AlarmCore
import UnitTestSupport
import XCTest

final class TimeFormatTests: XCTestCase {
    private let format = TimeFormat()

    func testHumanAndShortForms() {
        withTimeZone("Europe/Berlin") {
            let ring = instant("2026-12-07T06:45:00+01:00")
            XCTAssertEqual(format.human(ring), "Mon 07 Dec 2026 06:45:00 CET")
            XCTAssertEqual(format.short(ring), "Mon 07 Dec 06:45")
            XCTAssertEqual(format.short(ring + 15), "Mon 07 Dec 06:45:15")
            XCTAssertEqual(format.human(instant("2027-03-28T03:00:00+02:00")), "Sun 28 Mar 2027 03:00:00 CEST")
        }
        withTimeZone("Australia/Lord_Howe") {
            XCTAssertEqual(format.human(instant("2026-07-01T12:00:00+10:30")), "Wed 01 Jul 2026 12:00:00 +1030")
        }
    }

    func testISOWithOffset() {
        withTimeZone("Europe/Berlin") {
            XCTAssertEqual(format.iso(instant("2027-03-28T01:00:00Z")), "2027-03-28T03:00:00+02:00")
            XCTAssertEqual(
                format.isoMilliseconds(Instant(seconds: instant("2026-12-07T06:45:00+01:00"), nanoseconds: 2_400_000)),
                "2026-12-07T06:45:00.002+01:00"
            )
        }
        withTimeZone("America/New_York") {
            XCTAssertEqual(format.iso(instant("2026-07-01T12:00:00Z")), "2026-07-01T08:00:00-04:00")
        }
        withTimeZone("UTC") {
            XCTAssertEqual(format.iso(0), "1970-01-01T00:00:00+00:00")
        }
        withTimeZone("Australia/Lord_Howe") {
            XCTAssertEqual(format.iso(instant("2026-07-01T01:30:00Z")), "2026-07-01T12:00:00+10:30")
        }
    }

    func testRelative() {
        XCTAssertEqual(TimeFormat.relative(from: 0, to: 14 * 3600 + 2 * 60 + 59), "in 14h 2m")
        XCTAssertEqual(TimeFormat.relative(from: 0, to: 3 * 86_400 + 4 * 3600 + 10), "in 3d 4h")
        XCTAssertEqual(TimeFormat.relative(from: 0, to: 45), "in 45s")
        XCTAssertEqual(TimeFormat.relative(from: 0, to: 3600), "in 1h")
        XCTAssertEqual(TimeFormat.relative(from: 0, to: 125), "in 2m 5s")
        XCTAssertEqual(TimeFormat.relative(from: 0, to: 0), "now")
        XCTAssertEqual(TimeFormat.relative(from: 300, to: 0), "5m ago")
    }

    func testParsingISO() throws {
        XCTAssertEqual(try ISO8601.parse("1970-01-01T01:00:00+01:00"), Instant(seconds: 0))
        XCTAssertEqual(try ISO8601.parse("1970-01-01T00:00:01Z"), Instant(seconds: 1))
        XCTAssertEqual(try ISO8601.parse("1970-01-01T00:00:01.25Z"), Instant(seconds: 1, nanoseconds: 250_000_000))
        XCTAssertEqual(try ISO8601.parse("1970-01-01T05:30:00+0530"), Instant(seconds: 0))
        XCTAssertEqual(try ISO8601.parse("1969-12-31T20:00-04"), Instant(seconds: 0))
        try withTimeZone("Europe/Berlin") {
            XCTAssertEqual(try ISO8601.parse("2027-03-28T01:00:00"), Instant(seconds: instant("2027-03-28T01:00:00+01:00")))
            XCTAssertEqual(try ISO8601.parse("2027-03-28 04:00"), Instant(seconds: instant("2027-03-28T04:00:00+02:00")))
            XCTAssertEqual(try ISO8601.parse("2027-03-28"), Instant(seconds: instant("2027-03-28T00:00:00+01:00")))
            // Local times in the spring-forward gap mean the end of the gap, as alarms do.
            XCTAssertEqual(try ISO8601.parse("2027-03-28T02:30"), Instant(seconds: instant("2027-03-28T03:00:00+02:00")))
        }
        for bad in ["tomorrow", "2027-03-28T25:00", "2027-03-28X01:00", "2027-03-28T01:00+1", "2027-03-28T01:00:00.Z", "2027-02-30"] {
            XCTAssertThrowsError(try ISO8601.parse(bad), bad)
        }
    }
}
