import AlarmCore
import Foundation
import XCTest

/// iCalendar files the calendar tests write: one of each kind of event `skipDays` must read.
package enum CalendarFixture {
    package static let holidays = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//alarmplay tests//EN
        BEGIN:VEVENT
        UID:christmas
        DTSTART;VALUE=DATE:20261225
        DTEND;VALUE=DATE:20261226
        SUMMARY:Christmas Day
        RRULE:FREQ=YEARLY
        EXDATE;VALUE=DATE:20271225
        END:VEVENT
        BEGIN:VEVENT
        UID:break
        DTSTART;VALUE=DATE:20261228
        DTEND;VALUE=DATE:20261231
        SUMMARY:Winter break
        END:VEVENT
        BEGIN:VEVENT
        UID:party
        DTSTART;TZID=America/New_York:20261231T220000
        DTEND;TZID=America/New_York:20261231T235000
        SUMMARY:New Year's Eve in New York
        END:VEVENT
        BEGIN:VEVENT
        UID:cancelled
        STATUS:CANCELLED
        DTSTART;VALUE=DATE:20270104
        SUMMARY:Called off
        END:VEVENT
        BEGIN:VEVENT
        UID:dentist
        DTSTART:20270105T090000
        DURATION:PT1H
        SUMMARY:Dentist
        END:VEVENT
        BEGIN:VEVENT
        UID:dinner
        DTSTART:20270108T200000
        DTEND:20270109T000000
        SUMMARY:Dinner until midnight
        END:VEVENT
        BEGIN:VEVENT
        UID:gym
        DTSTART;TZID=America/New_York:20270307T183000
        DTEND;TZID=America/New_York:20270307T190000
        RRULE:FREQ=WEEKLY;COUNT=4
        EXDATE;TZID=America/New_York:20270328T183000
        RDATE;TZID=America/New_York:20270402T183000
        SUMMARY:Gym
        X-UNKNOWN-TO-US:ignored
        END:VEVENT
        BEGIN:VEVENT
        UID:gym
        RECURRENCE-ID;TZID=America/New_York:20270321T183000
        DTSTART;TZID=America/New_York:20270321T183000
        STATUS:CANCELLED
        SUMMARY:Gym
        END:VEVENT
        BEGIN:VEVENT
        UID:summer
        DTSTART;VALUE=DATE:20270329
        SUMMARY:Summer time
        END:VEVENT
        END:VCALENDAR

        """

    /// `holidays` as a file in a new folder, CRLF line ends as RFC 5545 writes them.
    package static func folder(_ files: [String: String] = ["holidays.ics": holidays]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alarmplay-calendar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.replacingOccurrences(of: "\n", with: "\r\n").write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    package static func dates(_ list: String...) -> Set<CalendarDate> { Set(list.map { try! CalendarDate(parsing: $0) }) }
}
