import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import Foundation
import XCTest

/// A calendar that cannot be read is a warning on the alarms that name it, never a problem of the
/// alarms file: a page's bad edit, a file gone or a server down cannot stop every later edit, and
/// `run` keeps the days it read last.
final class CalendarWarningTests: XCTestCase {
    private var folder: URL!
    private var alarmsPath: String { folder.appendingPathComponent("alarms.json").path }

    override func setUpWithError() throws {
        folder = try CalendarFixture.folder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ alarms: String) throws {
        try alarms.write(toFile: alarmsPath, atomically: true, encoding: .utf8)
    }

    private func loader(fetches: Bool = false) -> CalendarLoader {
        var loader = CalendarLoader(alarmsPath: alarmsPath, cacheFolder: folder.path + "/cache", now: instant("2026-12-01T12:00:00+01:00"))
        loader.fetchesMissing = fetches
        return loader
    }

    func testAnUnreadableSkipCalendarIsAWarningNamingItsAlarms() throws {
        try "BEGIN:VCALENDAR\r\nsecret\r\nEND:VCALENDAR\r\n".write(to: folder.appendingPathComponent("broken.ics"), atomically: true, encoding: .utf8)
        try write(#"""
            {"skipDays": ["gone.ics"], "alarms": [{"id": "work", "time": "07:00", "days": "weekdays"},
             {"id": "gym", "time": "18:00", "days": ["fri"], "skipDays": ["holidays.ics", "broken.ics"]},
             {"id": "off", "time": "06:00", "days": "daily", "enabled": false}]}
            """#)
        let file = try AlarmFile.load(path: alarmsPath, sounds: nil, calendars: loader())
        XCTAssertEqual(file.alarms[0].skipDays.calendars.map(\.problem), ["no calendar file at \(folder.path)/gone.ics (named in skipDays)"])
        XCTAssertEqual(file.alarms[1].skipDays.calendars.map(\.problem), [nil, "\(folder.path)/broken.ics:2: expected a NAME:VALUE line"])
        XCTAssertFalse(file.alarms[1].skipDays.calendars[0].days.isEmpty, "the calendar that reads is in force")
        XCTAssertEqual(file.unreadSkipCalendars.map(\.calendar.name), ["gone.ics", "broken.ics"])
        XCTAssertEqual(file.unreadSkipCalendars.map(\.alarms), [["work"], ["gym"]], "an alarm that is off is not concerned")
        XCTAssertEqual(file.skipDaysWarnings, [
            "\(alarmsPath): skipDays calendar gone.ics cannot be read (no calendar file at \(folder.path)/gone.ics (named in skipDays)); it skips no day of work until it can",
            "\(alarmsPath): skipDays calendar broken.ics cannot be read (\(folder.path)/broken.ics:2: expected a NAME:VALUE line); it skips no day of gym until it can",
        ])
        XCTAssertEqual(file.warnings(at: instant("2026-12-01T12:00:00+01:00")), file.skipDaysWarnings)
    }

    func testACalendarThatBreaksKeepsTheDaysOfItsLastGoodRead() throws {
        try write(#"{"skipDays": ["holidays.ics"], "alarms": [{"id": "work", "time": "07:00", "days": "daily"}]}"#)
        var loader = loader()
        let good = try AlarmFile.load(path: alarmsPath, sounds: nil, calendars: loader)
        let kept = loader.keptCalendars(of: good)
        XCTAssertEqual(Array(kept.keys), [folder.appendingPathComponent("holidays.ics").path])
        try "BEGIN:VCALENDAR\r\n".write(to: folder.appendingPathComponent("holidays.ics"), atomically: true, encoding: .utf8)
        loader.lastGood = kept
        let broken = try AlarmFile.load(path: alarmsPath, sounds: nil, calendars: loader)
        let calendar = try XCTUnwrap(broken.alarms[0].skipDays.calendars.first)
        XCTAssertEqual(calendar.problem, "\(folder.path)/holidays.ics:1: BEGIN:VCALENDAR is never closed (the file may be cut short)")
        XCTAssertEqual(calendar.days, good.alarms[0].skipDays.calendars[0].days)
        XCTAssertEqual(loader.keptCalendars(of: broken).mapValues(\.days), kept.mapValues(\.days), "kept again for the read after")
        loader.lastGood = [:]
        XCTAssertEqual(try AlarmFile.load(path: alarmsPath, sounds: nil, calendars: loader).alarms[0].skipDays.calendars.first?.days, [:])
    }

    /// An edit under the file's lock reads calendars from their files and copies only: a URL
    /// never fetched is not fetched there (a slow server held every edit 30 s), and neither it nor a
    /// missing file stops the page from removing the alarm that names them.
    func testAnEditUnderTheLockNeitherFetchesNorFailsOnACalendar() throws {
        let listener = try Listener()
        try write(#"""
            {"alarms": [{"id": "keep", "time": "06:00"},
             {"id": "broken", "time": "07:00", "days": "daily", "skipDays": ["/nonexistent/passwd", "http://127.0.0.1:\#(listener.port)/slow.ics"]}]}
            """#)
        let (file, removed) = try AlarmFileUpdate.perform(path: alarmsPath, sounds: nil) { file in
            (try AlarmFileEdits.remove("broken", from: file).edit, file.alarms[1].skipDays.calendars.map(\.problem))
        }
        XCTAssertEqual(file.alarms.map(\.name), ["keep"])
        XCTAssertEqual(removed, ["no calendar file at /nonexistent/passwd (named in skipDays)", "not fetched yet"])
        XCTAssertFalse(listener.wasReached, "nothing is fetched under the lock")
    }
}

/// A TCP port on loopback that accepts nothing by itself: whether anyone connected.
private final class Listener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    var wasReached: Bool {
        let client = accept(descriptor, nil, nil)
        if client >= 0 { close(client) }
        return client >= 0
    }
}
