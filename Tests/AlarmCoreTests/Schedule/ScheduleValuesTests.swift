import AlarmCore
import UnitTestSupport
import XCTest

final class ScheduleValuesTests: XCTestCase {
    private func error(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? ValueError)?.message ?? "unexpected \(error)"
        }
    }

    func testTimeOfDay() throws {
        XCTAssertEqual(try TimeOfDay(parsing: "06:45"), TimeOfDay(hour: 6, minute: 45))
        XCTAssertEqual(try TimeOfDay(parsing: "7:05:30").description, "07:05:30")
        XCTAssertEqual(try TimeOfDay(parsing: "23:59:59").secondsIntoDay, 86_399)
        XCTAssertEqual(error { try TimeOfDay(parsing: "25:00") }, "hour 25 out of range (00-23)")
        XCTAssertEqual(error { try TimeOfDay(parsing: "12:60") }, "minute 60 out of range (00-59)")
        XCTAssertEqual(error { try TimeOfDay(parsing: "12:00:61") }, "second 61 out of range (00-59)")
        XCTAssertEqual(error { try TimeOfDay(parsing: "7pm") }, "invalid time \"7pm\" (expected HH:MM or HH:MM:SS, 24-hour)")
        XCTAssertNotNil(error { try TimeOfDay(parsing: "12:5") })
        XCTAssertNotNil(error { try TimeOfDay(parsing: "-1:00") })
    }

    func testCalendarDates() throws {
        XCTAssertEqual(try CalendarDate(parsing: "2028-02-29").weekday, .tuesday)
        XCTAssertEqual(try CalendarDate(parsing: "2026-12-07").weekday, .monday)
        XCTAssertEqual(try CalendarDate(parsing: "1970-01-01").dayNumber, 0)
        XCTAssertEqual(CalendarDate(dayNumber: -1).description, "1969-12-31")
        XCTAssertEqual(try CalendarDate(parsing: "2026-12-31").adding(days: 1).description, "2027-01-01")
        XCTAssertEqual(try CalendarDate(parsing: "2000-02-28").adding(days: 1).description, "2000-02-29")
        XCTAssertEqual(try CalendarDate(parsing: "2100-02-28").adding(days: 1).description, "2100-03-01")
        for day in stride(from: -800_000, to: 800_000, by: 997) {
            XCTAssertEqual(CalendarDate(dayNumber: day).dayNumber, day)
        }
        XCTAssertEqual(error { try CalendarDate(parsing: "2026-02-30") }, "day 30 out of range for February 2026 (01-28)")
        XCTAssertEqual(error { try CalendarDate(parsing: "2027-02-29") }, "day 29 out of range for February 2027 (01-28)")
        XCTAssertEqual(error { try CalendarDate(parsing: "2026-13-01") }, "month 13 out of range (01-12)")
        XCTAssertEqual(error { try CalendarDate(parsing: "26-1-1") }, "invalid date \"26-1-1\" (expected YYYY-MM-DD)")
    }

    func testWeekdays() throws {
        XCTAssertEqual(try WeekdaySet(parsingList: "Mon, WEDNESDAY,fri"), WeekdaySet([.monday, .wednesday, .friday]))
        XCTAssertEqual(try WeekdaySet(parsingList: "weekends").days, [.sunday, .saturday])
        XCTAssertEqual(try WeekdaySet(parsingName: "DAILY"), .daily)
        XCTAssertEqual(try WeekdaySet(parsingList: "mon,tue,wed,thu,fri").description, "weekdays")
        XCTAssertEqual(try WeekdaySet(parsingList: "sun,mon").description, "mon,sun")
        XCTAssertEqual(error { try WeekdaySet(parsingName: "tues") }, "unknown weekday \"tues\" (did you mean \"tue\"?)")
        XCTAssertEqual(error { try WeekdaySet(parsingName: "wednesdy") }, "unknown weekday \"wednesdy\" (did you mean \"wednesday\"?)")
        XCTAssertEqual(error { try WeekdaySet(parsingName: "xyz") }, "unknown weekday \"xyz\"")
        XCTAssertEqual(error { try WeekdaySet(parsingList: "mon,,fri") }, "empty weekday in \"mon,,fri\"")
    }

    func testDurations() throws {
        let cases: [(String, Int)] = [
            ("30s", 30), ("9m", 540), ("1h30m", 5400), ("1h 30m", 5400), ("2h5s", 7205), ("90", 90),
            ("1:30", 90), ("1:02:03", 3723), ("0:05", 5), ("10M", 600), ("2d", 172_800), ("100d", 8_640_000), ("1d12h", 129_600),
        ]
        for (text, seconds) in cases {
            XCTAssertEqual(try DurationText.parse(text), seconds, text)
        }
        XCTAssertEqual(try DurationText.parse("\(DurationText.maximum)"), DurationText.maximum)
        // Beyond a century, and numbers whose sums would overflow (found trapping `run`).
        for bad in ["", "m", "9x", "30m1h", "1m1m", "1:60", "1:2", ":30", "1.5m", "-5s", "1h1d",
                    "\(DurationText.maximum + 1)", "9223372036854775807", "9223372036854775807:00", "999999999999999999:00:00", "1000000d"] {
            XCTAssertNotNil(error { try DurationText.parse(bad) }, bad)
        }
        XCTAssertEqual(error { try DurationText.parse("9 minutes") }, "invalid duration \"9 minutes\" (use e.g. \"30s\", \"9m\", \"1h30m\" or \"1:30\")")
        XCTAssertEqual(DurationText.format(540), "9m")
        XCTAssertEqual(DurationText.format(5400), "1h30m")
        XCTAssertEqual(DurationText.format(3605), "1h5s")
        XCTAssertEqual(DurationText.format(45), "45s")
        XCTAssertEqual(DurationText.format(0), "0s")
    }
}
