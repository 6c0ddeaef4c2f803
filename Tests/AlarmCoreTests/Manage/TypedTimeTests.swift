import AlarmCore
import UnitTestSupport
import XCTest

final class TypedTimeTests: XCTestCase {
    func testTwentyFourHourAndTwelveHourForms() throws {
        let cases: [(String, String)] = [
            ("7:05", "07:05"), ("07:05:30", "07:05:30"), ("23:59", "23:59"), ("0:00", "00:00"),
            ("6:45pm", "18:45"), ("6:45 PM", "18:45"), ("12am", "00:00"), ("12pm", "12:00"),
            ("12:30am", "00:30"), ("7 a.m.", "07:00"), ("11:59:30pm", "23:59:30"), ("1PM", "13:00"),
        ]
        for (typed, expected) in cases {
            XCTAssertEqual(try TimeOfDay(typed: typed).description, expected, typed)
        }
    }

    func testMessagesMatchTheFileForTwentyFourHourInput() {
        XCTAssertEqual(message("25:00"), "hour 25 out of range (00-23)")
        XCTAssertEqual(message("07:60"), "minute 60 out of range (00-59)")
        XCTAssertEqual(message("25:00"), fileMessage("25:00"))
        XCTAssertEqual(message("7:5"), fileMessage("7:5"))
        // No time at all: both ways of typing one are named (`add 7`).
        XCTAssertEqual(message("7"), "invalid time \"7\" (expected HH:MM or HH:MM:SS, 24-hour, or 12-hour such as 6:45pm)")
        XCTAssertEqual(message("7h"), "invalid time \"7h\" (expected HH:MM or HH:MM:SS, 24-hour, or 12-hour such as 6:45pm)")
    }

    func testTwelveHourMistakes() {
        XCTAssertEqual(message("13pm"), "hour 13 out of range for am/pm (1-12)")
        XCTAssertEqual(message("0am"), "hour 0 out of range for am/pm (1-12)")
        XCTAssertEqual(message("6:60pm"), "minute 60 out of range (00-59)")
        XCTAssertEqual(message("6:45:61am"), "second 61 out of range (00-59)")
        XCTAssertEqual(message("pm"), "invalid time \"pm\" (expected HH:MM or HH:MM:SS, 24-hour, or 12-hour such as 6:45pm)")
        XCTAssertEqual(message("6:5pm"), "invalid time \"6:5pm\" (expected HH:MM or HH:MM:SS, 24-hour, or 12-hour such as 6:45pm)")
    }

    private func message(_ text: String) -> String? {
        do {
            _ = try TimeOfDay(typed: text)
            return nil
        } catch {
            return error.message
        }
    }

    /// What `validate` says about the same value in the file.
    private func fileMessage(_ time: String) -> String? {
        do {
            _ = try AlarmFile.parse(#"{"alarms": [{"time": "\#(time)"}]}"#, path: "a.json", sounds: nil)
            return nil
        } catch {
            guard case let .invalid(_, problems) = error else { return nil }
            return problems.first?.message
        }
    }
}
