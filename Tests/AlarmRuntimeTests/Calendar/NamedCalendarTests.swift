import AlarmCore
import AlarmRuntime
import UnitTestSupport
import Foundation
import XCTest

/// A calendar named in the file's `"calendars"` is read from its file or URL and called by its
/// name; a file or URL written in an alarm (the owner's files of before) is read as it was.
final class NamedCalendarTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try CalendarFixture.folder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testANameStandsForItsFileAndAFileWrittenInTheAlarmStillReads() throws {
        let path = folder.appendingPathComponent("alarms.json").path
        try #"""
            {"calendars": {"holidays": "holidays.ics", "work": "https://example.org/work.ics"},
             "alarms": [{"id": "a", "time": "07:00", "days": "daily", "skipDays": ["holidays"]},
                        {"id": "b", "time": "07:00", "days": "daily", "skipDays": ["holidays.ics"]},
                        {"id": "c", "days": "daily", "fromCalendar": {"calendar": "work"}}]}
            """#.write(toFile: path, atomically: true, encoding: .utf8)
        var loader = CalendarLoader(alarmsPath: path, cacheFolder: folder.path + "/cache", now: instant("2026-12-01T12:00:00+01:00"))
        loader.fetchesMissing = false
        let file = try AlarmFile.load(path: path, sounds: nil, calendars: loader)
        let (named, written) = (file.alarms[0].skipDays.calendars[0], file.alarms[1].skipDays.calendars[0])
        XCTAssertNil(named.problem)
        XCTAssertEqual(named.name, "holidays")
        XCTAssertEqual(written.name, "holidays.ics")
        XCTAssertEqual(named.days, written.days)
        XCTAssertFalse(named.days.isEmpty)
        XCTAssertEqual(file.alarms[2].fromCalendar?.problem, "not fetched yet")
        XCTAssertEqual(file.calendarSources(loader).map(\.reference), ["holidays.ics", "https://example.org/work.ics"])
        XCTAssertEqual(file.calendarSources(loader).map(\.name), ["holidays", "work"], "each file or URL once")
    }
}
