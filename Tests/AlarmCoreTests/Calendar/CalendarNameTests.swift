@testable import AlarmCore
import UnitTestSupport
import XCTest

/// Calendars by name: the file's `"calendars"` names them (only its owner writes it), and a face's
/// add or edit may refer to them by those names only, never by a file or an address.
final class CalendarNameTests: XCTestCase {
    private let named = #"{"calendars": {"holidays": "holidays.ics", "work": "https://example.org/work.ics"}, "alarms": [{"id": "wake", "time": "06:45", "days": "daily"}]}"#

    private func file(_ text: String) throws -> AlarmFile {
        try AlarmFile.parse(text, path: "a.json", sounds: nil)
    }

    private func problems(_ text: String) -> [String] {
        do throws(AlarmFileError) {
            _ = try AlarmFile.parse(text, path: "a.json", sounds: nil)
            return []
        } catch {
            return error.lines
        }
    }

    private func changes(_ members: [String: JSONValue]) -> AlarmChanges {
        var changes = AlarmChanges()
        for (key, value) in members { changes.set(key, value) }
        return changes
    }

    private func edit(_ changes: AlarmChanges, in file: AlarmFile) throws -> FileEditRequest.Answer {
        let request = try XCTUnwrap(FileEditRequest(.editAlarm(id: "wake", changes), today: CalendarDate(year: 2026, month: 12, day: 7),
                                                    schedule: ScheduleState(), now: 1_796_630_400))
        return try request.change(file).result
    }

    func testNamesAreWordsNeverAFileOrAnAddress() {
        for name in ["holidays", "work-2", "school_breaks", "A1"] { XCTAssertTrue(CalendarName.isValid(name), name) }
        for reference in ["holidays.ics", "/etc/passwd", "../x", "./x", "http://127.0.0.1/x", "", "a b", "ü", String(repeating: "a", count: 65)] {
            XCTAssertFalse(CalendarName.isValid(reference), reference)
        }
    }

    func testTheFileNamesItsCalendars() throws {
        XCTAssertEqual(try file(named).calendars, ["holidays": "holidays.ics", "work": "https://example.org/work.ics"])
        XCTAssertEqual(problems(#"{"calendars": {"my.ics": "a.ics", "ok": 3, "ftp": "ftp://x/y.ics"}, "alarms": []}"#), [
            #"a.json:1:16: a calendar's name is letters, digits, - and _ (such as "holidays"), got "my.ics""#,
            #"a.json:1:41: calendar "ok" must be a file name or an http:// or https:// URL, got 3"#,
            #"a.json:1:51: calendar URLs must start with http:// or https://, got "ftp://x/y.ics""#,
        ])
        XCTAssertEqual(problems(#"{"calendars": ["a.ics"], "alarms": []}"#).count, 1)
    }

    /// The page's add or edit naming a calendar the file names is made; one naming a file, an
    /// address or a name the file does not have is refused, the key at fault, nothing written.
    func testAFaceNamesOnlyTheCalendarsTheFileNames() throws {
        let file = try file(named)
        let good = changes(["skipDays": ["holidays"], "fromCalendar": ["calendar": "work", "latest": "08:00"]])
        XCTAssertEqual(CalendarName.keysNamingFiles(in: good), [])
        XCTAssertEqual(try edit(good, in: file), .alarm(index: 0))
        for (bad, key) in [(changes(["skipDays": ["holidays", "/home/u/.netrc"]]), "skipDays"),
                           (changes(["skipDays": ["http://127.0.0.1:8080/secret"]]), "skipDays"),
                           (changes(["fromCalendar": ["calendar": "mqtt-password.txt"]]), "fromCalendar")] {
            XCTAssertEqual(CalendarName.keysNamingFiles(in: bad), [key])
            XCTAssertThrowsError(try edit(bad, in: file)) { error in
                XCTAssertEqual((error as? AlarmEditRejected)?.problems, [.init(key: key, message: CalendarName.ownerOnly(key))])
            }
        }
        // A word that is no name of the file would be read as a file beside it (mqtt-password).
        let unknown = changes(["fromCalendar": ["calendar": "mqtt-password"]])
        XCTAssertEqual(CalendarName.keysNamingFiles(in: unknown), [])
        XCTAssertThrowsError(try edit(unknown, in: file)) { error in
            XCTAssertEqual((error as? AlarmEditRejected)?.problems,
                           [.init(key: "fromCalendar", message: #"no calendar named "mqtt-password" in the alarms file's "calendars" (it names holidays, work)"#)])
        }
        let none = try self.file(#"{"alarms": [{"id": "wake", "time": "06:45", "days": "daily"}]}"#)
        XCTAssertThrowsError(try edit(changes(["skipDays": ["holidays"]]), in: none)) { error in
            XCTAssertEqual((error as? AlarmEditRejected)?.problems.first?.message, #"no calendar named "holidays" in the alarms file's "calendars" (it names none)"#)
        }
        XCTAssertEqual(try edit(changes(["skipDays": []]), in: none), .alarm(index: 0), "no calendar at all is always allowed")
    }
}
