import Foundation
import XCTest

/// `skipDays` through the built binary: `next` says which rings a calendar skips and why,
/// `validate` locates a broken calendar, and libical is loaded only for a file that names one.
final class SkipDaysCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("alarmplay-skipdays-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write(Self.holidays, name: "holidays.ics")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    static let holidays = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN",
        "BEGIN:VEVENT", "UID:christmas", "DTSTART;VALUE=DATE:20261225", "SUMMARY:Christmas Day", "RRULE:FREQ=YEARLY", "END:VEVENT",
        "BEGIN:VEVENT", "UID:eve", "DTSTART;TZID=America/New_York:20261231T220000", "DURATION:PT1H", "SUMMARY:New Year's Eve", "END:VEVENT",
        "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @discardableResult
    private func write(_ text: String, name: String = "alarms.json") throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        var environment = ["TZ": "Europe/Berlin", "HOME": directory.path, "PATH": "/usr/bin:/bin"]
        environment.merge(extra) { $1 }
        let result = try AlarmPlayBinary.run(arguments, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    private let alarms = #"{"skipDays": ["holidays.ics"], "alarms": [{"id": "work", "time": "07:00", "days": "daily"}, {"id": "gym", "time": "18:00", "days": ["fri"], "skipDays": [], "except": ["2027-01-01"]}]}"#

    func testNextShowsTheSkippedRingsWithTheEventAndTheFile() throws {
        let path = try write(alarms)
        let text = try run(["next", "--alarms", path, "--after", "2026-12-31T12:00:00", "--count", "3"])
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertEqual(text.out.split(separator: "\n").map(String.init), [
            "work  skipped: Fri 01 Jan — New Year's Eve (holidays.ics)",
            "gym   skipped: Fri 01 Jan — an except date",
            "work  Sat 02 Jan 2027 07:00:00 CET  (in 1d 19h)",
            "work  Sun 03 Jan 2027 07:00:00 CET  (in 2d 19h)",
            "work  Mon 04 Jan 2027 07:00:00 CET  (in 3d 19h)",
        ])
        let json = try run(["next", "--alarms", path, "--after", "2026-12-24T12:00:00", "--count", "1", "--json"])
        XCTAssertEqual(json.status, 0, json.err)
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.count, 2, json.out)
        // In time order: the skipped 07:00 first, then the ring of 18:00.
        XCTAssertEqual(entries[0]["at"] as? String, "2026-12-25T07:00:00+01:00")
        XCTAssertEqual(entries[0]["skipped"] as? Bool, true)
        XCTAssertEqual(entries[1]["id"] as? String, "gym", "its own empty skipDays replaces the file's")
        XCTAssertEqual(entries[1]["at"] as? String, "2026-12-25T18:00:00+01:00")
        XCTAssertNil(entries[1]["skipped"])
        let reason = try XCTUnwrap(entries[0]["reason"] as? [String: Any])
        XCTAssertEqual(reason["kind"] as? String, "calendar")
        XCTAssertEqual(reason["summary"] as? String, "Christmas Day")
        XCTAssertEqual(reason["calendar"] as? String, "holidays.ics")
    }

    func testAPauseAndAOneTimeSkipAreExplainedToo() throws {
        let skip = #""skip": "2026-12-26T07:00:00+01:00""#
        let path = try write(#"{"pausedUntil": "2026-12-23", "alarms": [{"id": "work", "time": "07:00", "days": "daily", \#(skip)}]}"#)
        let result = try run(["next", "--alarms", path, "--after", "2026-12-20T12:00:00", "--count", "4"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.split(separator: "\n").map(String.init), [
            "paused until 2026-12-23 ('alarmplay resume' ends it)",
            "work  skipped: Mon 21 Dec — paused until 2026-12-23",
            "work  Wed 23 Dec 2026 07:00:00 CET  (in 2d 19h)",
            "work  Thu 24 Dec 2026 07:00:00 CET  (in 3d 19h)",
            "work  Fri 25 Dec 2026 07:00:00 CET  (in 4d 19h)",
            "work  skipped: Sat 26 Dec — skipped once ('alarmplay unskip' undoes it)",
            "work  Sun 27 Dec 2026 07:00:00 CET  (in 6d 19h)",
        ])
    }

    /// A calendar that cannot be read is a located warning naming the alarms that ring on its
    /// days, not an error of the alarms file: every command still works.
    func testValidateLocatesABrokenCalendarAsAWarning() throws {
        let good = try run(["validate", "--alarms", try write(alarms)])
        XCTAssertEqual(good.status, 0, good.err)
        XCTAssertTrue(good.out.contains("; calendars: holidays.ics ("), good.out)
        XCTAssertTrue(good.out.hasSuffix(" in the coming year)\n"), good.out)
        try write(Self.holidays.replacingOccurrences(of: "DTSTART;VALUE=DATE:20261225", with: "DTSTART;VALUE=DATE:Christmas"), name: "holidays.ics")
        let path = try write(alarms)
        let result = try run(["validate", "--alarms", path])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "warning: \(path): skipDays calendar holidays.ics cannot be read "
                       + "(\(directory.path)/holidays.ics:6: Can't parse as DATE value in DTSTART property); it skips no day of work until it can\n")
        XCTAssertTrue(result.out.hasSuffix("; calendars: holidays.ics (cannot be read)\n"), result.out)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("holidays.ics"))
        let missing = try run(["next", "--alarms", path, "--after", "2026-12-24T12:00:00", "--count", "1"])
        XCTAssertEqual(missing.status, 0, missing.err)
        XCTAssertTrue(missing.out.hasPrefix("work  Fri 25 Dec 2026 07:00:00 CET"), missing.out)
        XCTAssertEqual(missing.err, "warning: \(path): skipDays calendar holidays.ics cannot be read "
                       + "(no calendar file at \(directory.path)/holidays.ics (named in skipDays)); it skips no day of work until it can\n")
    }

    func testLibicalIsLoadedOnlyForAFileThatNamesACalendar() throws {
        let plain = try write(#"{"alarms": [{"time": "07:00", "days": "daily"}]}"#, name: "plain.json")
        for arguments in [["--version"], ["next", "--alarms", plain]] {
            let result = try run(arguments, environment: ["LD_DEBUG": "libs"])
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertFalse(result.err.contains("libical"), "\(arguments) loads libical")
        }
        let path = try write(alarms)
        let loaded = try run(["next", "--alarms", path], environment: ["LD_DEBUG": "libs"])
        XCTAssertTrue(loaded.err.contains("libical.so.3"), "the check can fail")
        let missing = try run(["next", "--alarms", path], environment: ["ALARMPLAY_LIB_ICAL": "/nonexistent/libical.so.3"])
        XCTAssertEqual(missing.status, 0, "the alarms still ring: \(missing.err)")
        XCTAssertTrue(missing.err.contains("skipDays calendar holidays.ics cannot be read (skipDays calendars needs the package libical3t64 (Debian 12: libical3), which is missing"),
                      missing.err)
        let stillRings = try run(["next", "--alarms", plain], environment: ["ALARMPLAY_LIB_ICAL": "/nonexistent/libical.so.3"])
        XCTAssertEqual(stillRings.status, 0, stillRings.err)
    }

    /// A calendar an alarm takes its times from that cannot be read: the file is valid (the alarm
    /// rings at its fallback), and `validate`, `next` and `doctor` say so.
    func testAnUnreadableFromCalendarIsAWarningNotAnError() throws {
        let path = try write(#"{"alarms": [{"id": "work", "days": "weekdays", "fromCalendar": {"calendar": "gone.ics", "latest": "08:00"}}]}"#)
        let validated = try run(["validate", "--alarms", path])
        XCTAssertEqual(validated.status, 0, validated.err)
        XCTAssertTrue(validated.err.contains("work: its calendar cannot be read (no calendar file at \(directory.path)/gone.ics); it rings at 08:00 each day until it can"),
                      validated.err)
        let next = try run(["next", "--alarms", path])
        XCTAssertTrue(next.out.contains("rings at its fallback") && next.out.contains("08:00:00"), next.out)
        let doctor = try run(["doctor", "--alarms", path])
        let line = doctor.out.split(separator: "\n").first { $0.contains("next ring") }.map(String.init) ?? doctor.out
        XCTAssertTrue(line.hasPrefix("⚠ next ring: work") && line.contains("check the path or address its fromCalendar names"), line)
    }
}

/// `next --ics` read by an independent iCalendar library (Python's `icalendar`): the same rings
/// as `next --json`, across Berlin's spring-forward.
final class RingFeedCommandTests: XCTestCase {
    func testPythonsICalendarReadsTheSameRingsAsNextJSON() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("alarmplay-feed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("alarms.json").path
        try #"{"alarms": [{"id": "work", "label": "Work, early", "time": "06:30", "days": "weekdays"}, {"id": "late", "time": "02:30", "days": ["sun"]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let environment = ["TZ": "Europe/Berlin", "HOME": directory.path, "PATH": "/usr/bin:/bin"]
        let after = "2027-03-10T12:00:00"
        let feed = try AlarmPlayBinary.run(["next", "--alarms", path, "--after", after, "--ics"], environment: environment)
        XCTAssertEqual(feed.status, 0, feed.stderr)
        try feed.stdout.write(to: directory.appendingPathComponent("feed.ics"), atomically: true, encoding: .utf8)
        let json = try AlarmPlayBinary.run(["next", "--alarms", path, "--after", after, "--count", "100", "--json"], environment: environment)
        XCTAssertEqual(json.status, 0, json.stderr)
        try json.stdout.write(to: directory.appendingPathComponent("next.json"), atomically: true, encoding: .utf8)
        let script = """
            import datetime, json, sys, time, icalendar
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            feed = [(int(e["DTSTART"].dt.timestamp()), str(e["SUMMARY"])) for e in calendar.walk("VEVENT")]
            end = datetime.datetime.fromisoformat("\(after)+01:00").timestamp() + 60 * 86400
            rings = [(int(datetime.datetime.fromisoformat(r["at"]).timestamp()), r["label"] or "Alarm " + r["id"])
                     for r in json.load(open(sys.argv[2])) if not r.get("skipped")]
            rings = [r for r in rings if r[0] <= end]
            print(len(feed), feed == rings)
            local = [time.strftime("%H:%M %Z", time.localtime(t)) for t, _ in feed]
            print(sorted(set(local)))
            """
        let python = RunningProcess(["-c", script, directory.appendingPathComponent("feed.ics").path, directory.appendingPathComponent("next.json").path],
                                    environment: environment, executable: "/usr/bin/python3")
        try python.start()
        let result = python.wait(timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "51 True\n['02:30 CEST', '02:30 CET', '03:00 CEST', '06:30 CEST', '06:30 CET']\n")
    }
}
