import AlarmCore
import AlarmRuntime
import UnitTestSupport
import Foundation
import XCTest

/// A calendar libical cannot use is one located error, `FILE:LINE: message`, exit 65.
final class ICalendarErrorTests: XCTestCase {
    private func problem(_ text: String) -> String? {
        do {
            _ = try ICalendarReader.read(in: text, path: "cal.ics", window: 0...2_000_000_000, zone: .current)
            return nil
        } catch {
            XCTAssertEqual(error.exitCode, .dataError, error.description)
            return error.description
        }
    }

    private func event(_ lines: String...) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:a"] + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// libical leaves a floating time's range unchecked; it runs on as a clock would (it trapped).
    func testAFloatingTimeOutOfRangeRunsOnIntoTheNextDay() throws {
        try withTimeZone("UTC") {
            let events = try ICalendarReader.read(in: event("SUMMARY:late", "DTSTART:20261203T235960", "DTEND:20261203T250000"),
                                                  path: "cal.ics", window: 0...2_000_000_000, zone: .current).events
            let start = 1_796_256_000 // 2026-12-03T00:00:00Z
            XCTAssertEqual(events.map(\.span), [.instants(start + 86_400, until: start + 25 * 3600)])
        }
    }

    func testABadValueIsLocatedAtItsLine() {
        XCTAssertEqual(problem(event("SUMMARY:x", "DTSTART:tomorrow")),
                       "cal.ics:6: Can't parse as DATE-TIME value in DTSTART property")
    }

    func testAFileCutShortNamesTheComponentLeftOpen() {
        XCTAssertEqual(problem("BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:20261225\n"),
                       "cal.ics:2: BEGIN:VEVENT is never closed (the file may be cut short)")
    }

    func testAPageInsteadOfACalendar() {
        XCTAssertEqual(problem("<html>\n<body>Sign in to the Wi-Fi</body>\n"),
                       "cal.ics:1: expected a NAME:VALUE line")
        XCTAssertEqual(problem("SUMMARY:x\n"), "cal.ics:1: not an iCalendar file: it must start with BEGIN:VCALENDAR")
    }

    func testAMismatchedEnd() {
        XCTAssertEqual(problem("BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VTODO\nEND:VCALENDAR\n"),
                       "cal.ics:3: END:VTODO does not close BEGIN:VEVENT (line 2)")
    }

    func testAnUnknownZoneAndAMissingStart() {
        XCTAssertEqual(problem(event("SUMMARY:x", "DTSTART;TZID=Mars/Olympus_Mons:20261225T070000")),
                       "cal.ics:6: unknown time zone in TZID (no VTIMEZONE in the file and none in the system's zone database)")
        XCTAssertEqual(problem(event("SUMMARY:x")), "cal.ics:3: an event without DTSTART")
    }

    /// Calendar problems reach the page, its event stream and MQTT: a file that is no calendar
    /// (a password file, `.netrc`) or a calendar's own values never show through them.
    func testAProblemNeverQuotesTheFile() {
        let secret = "hunter2"
        let files = [
            "machine example.org login me password \(secret)\n",
            "BEGIN:VCALENDAR\n\(secret)\nEND:VCALENDAR\n",
            "BEGIN:VCALENDAR\n;\(secret):x\nEND:VCALENDAR\n",
            "BEGIN:VCALENDAR\nBEGIN:\(secret)\nEND:VCALENDAR\n",
            "BEGIN:VCALENDAR\nBEGIN:\(secret)\n",
            event("SUMMARY:x", "DTSTART:\(secret)"),
            event("SUMMARY:x", "DTSTART;TZID=\(secret):20261225T070000"),
            event("DTSTART;VALUE=DATE:20261225", "RRULE:FREQ=\(secret)"),
        ]
        for file in files {
            let said = problem(file)
            XCTAssertNotNil(said, file)
            XCTAssertFalse(said?.contains(secret) ?? false, said ?? "")
        }
        XCTAssertEqual(problem("BEGIN:VCALENDAR\nBEGIN:\(secret)\nEND:VCALENDAR\n"),
                       "cal.ics:3: END:VCALENDAR does not close BEGIN:(an unknown component) (line 2)")
    }

    func testPropertiesLibicalDoesNotKnowAreIgnored() {
        XCTAssertNil(problem(event("DTSTART;VALUE=DATE:20261225", "COLOUR:red", "X-WR-THING:1")))
    }
}
