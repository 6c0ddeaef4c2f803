import Foundation
import XCTest

/// `list`, `add`, `edit`, `remove`, `enable`, `disable`, `skip`, `unskip` run as the built
/// binary on temporary XDG folders.
final class ManageCommandTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var environment: [String: String] = [:]
    private var alarmsPath: String { home.file("config/alarmplay/alarms.json") }

    override func setUpWithError() throws {
        home = try TemporaryDirectory("alarmplay-manage")
        environment = AlarmPlayBinary.environment(home: home, ["TZ": "Europe/Berlin"])
    }

    override func tearDown() {
        home.remove()
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try ChildProcess.run(arguments, environment: environment)
    }

    private func alarmsText() throws -> String {
        try String(contentsOfFile: alarmsPath, encoding: .utf8)
    }

    private func writeAlarms(_ text: String) throws {
        try home.write("config/alarmplay/alarms.json", text)
    }

    func testListBeforeTheFirstAlarmSaysHowToAddOne() throws {
        let result = try run(["list"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "no alarms yet; add one with: alarmplay add 07:00 --days weekdays\n")
        let json = try run(["list", "--json"])
        XCTAssertEqual(json.stdout, "[]\n")
        XCTAssertEqual(json.stderr, "no alarms yet; add one with: alarmplay add 07:00 --days weekdays\n")
        let explicit = try run(["list", "--alarms", home.file("nope.json")])
        XCTAssertEqual(explicit.status, 66)
        XCTAssertTrue(explicit.stderr.hasPrefix("alarmplay: error: no alarms file at \(home.file("nope.json"))"), explicit.stderr)
    }

    func testAddCreatesTheFileWithEveryOption() throws {
        let result = try run([
            "add", "6:45pm", "--days", "mon,wed", "--label", "Gym", "--sound", "tone:beep", "--volume", "0.6",
            "--snooze", "5m", "--max-snoozes", "2", "--ring-for", "90", "--fade-in", "1m", "--off",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "added gym to \(alarmsPath)")
        XCTAssertEqual(lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }, [
            "ID ON TIME DAYS/DATE LABEL SOUND NEXT",
            "gym off 18:45 mon,wed Gym tone:beep (1) off",
        ])
        XCTAssertEqual(try alarmsText(), """
            {
              "alarms": [
                {
                  "id": "gym",
                  "label": "Gym",
                  "time": "18:45",
                  "days": ["mon", "wed"],
                  "enabled": false,
                  "sound": "tone:beep",
                  "volume": 0.6,
                  "snooze": "5m",
                  "maxSnoozes": 2,
                  "ringFor": 90,
                  "fadeIn": "1m"
                }
              ]
            }

            """)
    }

    func testAddedAlarmsGetUniqueIdsAndTheirNextRing() throws {
        XCTAssertEqual(try run(["add", "07:00", "--days", "daily"]).status, 0)
        let second = try run(["add", "7:00", "--date", "2030-01-07"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.hasPrefix("added 07h00-2 to "), second.stdout)
        XCTAssertTrue(second.stdout.contains("07h00-2  on  07:00  2030-01-07  -      tone:classic (0)  in "), second.stdout)
        XCTAssertTrue(second.stdout.hasSuffix(" (Mon 07 Jan 2030 07:00)\n"), second.stdout)
        let list = try run(["list"])
        XCTAssertEqual(list.stdout.split(separator: "\n").map { String($0.prefix(9)) }, ["ID       ", "07h00    ", "07h00-2  "])
    }

    func testBadValuesAreRefusedWithTheFileMessagesAndNothingIsWritten() throws {
        let result = try run(["add", "25:00", "--days", "tues", "--volume", "1.5"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, """
            alarmplay: error: TIME: hour 25 out of range (00-23); --days: unknown weekday "tues" (did you mean "tue"?)
              See 'alarmplay help add'.

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: alarmsPath))
        let decoded = try run(["add", "07:00", "--volume", "1.5", "--snooze", "0", "--sound", "99", "--id", "42"])
        XCTAssertEqual(decoded.status, 65)
        XCTAssertEqual(decoded.stderr, """
            alarmplay: error: --id: id "42" must not be a number (numbers refer to alarms by position); \
            --sound: no sound 99: there are 12 sounds (0-11); see 'alarmplay sounds'; \
            --volume: volume must be a number from 0.0 to 1.0, got 1.5; --snooze: snooze must be from 1s to 24h, got 0
              See 'alarmplay help add'.

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: alarmsPath))
    }

    func testUsageErrors() throws {
        let missing = try run(["add"])
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.hasPrefix("alarmplay: error: add needs TIME, or --times with a time per day\nUsage: alarmplay add [TIME] [options]"), missing.stderr)
        XCTAssertEqual(try run(["add", "07:00", "--dayz", "mon"]).status, 64)
        XCTAssertEqual(try run(["add", "07:00"]).status, 0)
        let nothing = try run(["edit", "07h00"])
        XCTAssertEqual(nothing.status, 64)
        XCTAssertTrue(nothing.stderr.hasPrefix("alarmplay: error: nothing to change"), nothing.stderr)
        XCTAssertEqual(try run(["edit", "07h00", "--days", "mon", "--no-days"]).status, 64)
    }

    func testUnknownIdsListTheAlarmsThereAre() throws {
        try writeAlarms(#"{"alarms": [{"id": "work", "time": "06:45"}, {"time": "07:00"}]}"#)
        for command in ["edit", "remove", "enable", "disable", "skip", "unskip"] {
            let arguments = command == "edit" ? [command, "wrok", "--time", "08:00"] : [command, "wrok"]
            let result = try run(arguments)
            XCTAssertEqual(result.status, 64, command)
            XCTAssertTrue(
                result.stderr.hasPrefix("alarmplay: error: no alarm \"wrok\" (did you mean \"work\"?); the alarms are: work, #2\n"),
                result.stderr)
        }
        XCTAssertEqual(try alarmsText(), #"{"alarms": [{"id": "work", "time": "06:45"}, {"time": "07:00"}]}"#)
        XCTAssertEqual(try run(["remove", "--alarms", home.file("none.json"), "work"]).status, 66)
    }

    func testEditKeepsAHandWrittenFile() throws {
        try writeAlarms("""
            {"defaults": {"volume": 0.5, "snooze": "5m"},
             "alarms": [
              {"time": "06:45", "id": "work", "days": ["mon","tue"], "volume": 0.70, "label": "Work"},
              {"time": "16:00", "enabled": false, "date": "2030-05-01"}]}
            """)
        let result = try run(["edit", "work", "--time", "7:15", "--label", "", "--fade-in", "2m"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("changed work\n"), result.stdout)
        let toDays = try run(["edit", "2", "--days", "weekends", "--sound", "2"])
        XCTAssertEqual(toDays.status, 0, toDays.stderr)
        XCTAssertEqual(try alarmsText(), """
            {
              "defaults": {
                "volume": 0.5,
                "snooze": "5m"
              },
              "alarms": [
                {
                  "time": "07:15",
                  "id": "work",
                  "days": ["mon", "tue"],
                  "volume": 0.70,
                  "fadeIn": "2m"
                },
                {
                  "time": "16:00",
                  "days": "weekends",
                  "enabled": false,
                  "sound": 2
                }
              ]
            }

            """)
    }

    /// `--time` on an alarm whose days take their time from the sun or a calendar: one time in
    /// place of the rule, on the same days, and said so.
    func testEditTimeReplacesTheSunOrTheCalendarAndSaysSo() throws {
        try writeAlarms("""
            {"location": {"latitude": 52.52, "longitude": 13.4},
             "alarms": [
              {"id": "dawn", "days": "weekdays", "sun": {"event": "sunrise", "offset": "-30m", "earliest": "06:00", "latest": "07:30"}},
              {"id": "work", "days": "weekdays", "fromCalendar": {"calendar": "work.ics", "before": "1h30m", "otherwise": "07:00"}}]}
            """)
        let sun = try run(["edit", "dawn", "--time", "6:45"])
        XCTAssertEqual(sun.status, 0, sun.stderr)
        XCTAssertTrue(sun.stdout.hasPrefix("changed dawn\ndawn rings at 06:45 on its days now, in place of sunrise −30m (06:00–07:30)\n"), sun.stdout)
        let calendar = try run(["edit", "work", "--time", "7:15"])
        XCTAssertEqual(calendar.status, 0, calendar.stderr)
        XCTAssertTrue(calendar.stdout.hasPrefix("changed work\nwork rings at 07:15 on its days now, in place of first event in work.ics −1h30m"), calendar.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(try run(["list", "--json"]).stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(json?.map { $0["time"] as? String }, ["06:45", "07:15"])
        XCTAssertEqual(json?.map { $0["days"] as? [String] }, [["mon", "tue", "wed", "thu", "fri"], ["mon", "tue", "wed", "thu", "fri"]])
        let written = try alarmsText()
        XCTAssertFalse(written.contains("\"sun\""), written)
        XCTAssertFalse(written.contains("fromCalendar"), written)
        let label = try run(["edit", "dawn", "--label", "Up"])
        XCTAssertEqual(label.stdout.components(separatedBy: "in place of").count, 1, "only a new time says so: \(label.stdout)")
    }

    func testRemoveEnableDisable() throws {
        try writeAlarms(#"{"alarms": [{"id": "a", "time": "06:45", "days": "daily"}, {"id": "b", "time": "07:00", "enabled": false}]}"#)
        let disabled = try run(["disable", "a"])
        XCTAssertEqual(disabled.status, 0, disabled.stderr)
        XCTAssertTrue(disabled.stdout.hasPrefix("a is now off\n"), disabled.stdout)
        XCTAssertTrue(disabled.stdout.hasSuffix("  off\n"), disabled.stdout)
        let again = try run(["disable", "a"])
        XCTAssertTrue(again.stdout.hasPrefix("a was already off\n"), again.stdout)
        let enabled = try run(["enable", "b"])
        XCTAssertTrue(enabled.stdout.hasPrefix("b is now on\n"), enabled.stdout)
        let removed = try run(["remove", "a"])
        XCTAssertEqual(removed.stdout, "removed a (06:45 daily)\n")
        XCTAssertEqual(try alarmsText(), """
            {
              "alarms": [
                {
                  "id": "b",
                  "time": "07:00",
                  "enabled": true
                }
              ]
            }

            """)
    }

    func testSkipOnlyTheNextRingAndUnskip() throws {
        try writeAlarms(#"{"alarms": [{"id": "work", "time": "06:45", "days": "daily"}]}"#)
        let skipped = try run(["skip", "work"])
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertTrue(skipped.stdout.hasPrefix("work skips its ring of "), skipped.stdout)
        XCTAssertTrue(skipped.stdout.contains("skipped once, then in "), skipped.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(try run(["list", "--json"]).stdout.utf8)) as! [[String: Any]]
        let skip = try XCTUnwrap(json[0]["skip"] as? String)
        let next = try XCTUnwrap(json[0]["next"] as? String)
        XCTAssertEqual(json[0]["status"] as? String, "skipped")
        XCTAssertTrue(skip.hasSuffix("T06:45:00+01:00") || skip.hasSuffix("T06:45:00+02:00"), skip)
        XCTAssertTrue(try alarmsText().contains("\"skip\": \"\(skip)\""))
        let iso = ISO8601DateFormatter()
        XCTAssertEqual(iso.date(from: next)!.timeIntervalSince(iso.date(from: skip)!), 86_400, accuracy: 3600)
        XCTAssertTrue(try run(["skip", "work"]).stdout.hasPrefix("work already skips"))
        let unskipped = try run(["unskip", "work"])
        XCTAssertTrue(unskipped.stdout.hasPrefix("work no longer skips a ring\n"), unskipped.stdout)
        XCTAssertEqual(try alarmsText(), """
            {
              "alarms": [
                {
                  "id": "work",
                  "time": "06:45",
                  "days": "daily"
                }
              ]
            }

            """)
        XCTAssertEqual(try run(["disable", "work"]).status, 0)
        let off = try run(["skip", "work"])
        XCTAssertEqual(off.status, 75)
        XCTAssertEqual(off.stderr, "alarmplay: error: work is off; there is no ring to skip\n")
    }

    func testAnInvalidFileIsNeverOverwritten() throws {
        let broken = """
            {"alarms": [
              {"time": "07:00", "snoze": "5m"},
            ]}
            """
        try writeAlarms(broken)
        let result = try run(["add", "08:00"])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, """
            \(alarmsPath):2:21: unknown key "snoze" (did you mean "snooze"?)
            \(alarmsPath):2:35: trailing comma before ']'
            alarmplay: nothing was changed: fix the alarms file first (see 'alarmplay validate')
            alarmplay: error: \(alarmsPath): 2 problems

            """)
        XCTAssertEqual(try alarmsText(), broken)
        XCTAssertEqual(try run(["list"]).status, 65)
    }

    func testPermissionsAndSymlinksAreKept() throws {
        let real = home.file("dotfiles/alarms.json")
        try home.write("dotfiles/alarms.json", #"{"alarms": []}"#)
        chmod(real, 0o600)
        try FileManager.default.createDirectory(atPath: home.file("config/alarmplay"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: alarmsPath, withDestinationPath: real)
        XCTAssertEqual(try run(["add", "07:00"]).status, 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: alarmsPath)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeSymbolicLink)
        XCTAssertTrue(try String(contentsOfFile: real, encoding: .utf8).contains("\"07h00\""))
        let mode = try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
    }

    /// "Scheduled the moment settings change": `run` reloads the file through inotify, so an
    /// alarm added 3 s ahead fires, and a skip written meanwhile holds back another due then.
    func testChangesTakeEffectInARunningRun() throws {
        let tap = try ALSATap(in: home)
        var utc = AlarmPlayBinary.environment(home: home, ["TZ": "UTC"])
        utc.merge(tap.environment) { $1 }
        environment = utc
        let daemon = RunningProcess(["run", "--device", tap.device], environment: utc)
        try daemon.start()
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.wait(timeout: 10)
        }
        XCTAssertTrue(daemon.waitForStderr { $0.contains("event=no_alarms") }, daemon.stderr)
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm:ss"
        let time = formatter.string(from: Date().addingTimeInterval(3))
        let skipped = try run(["add", time, "--days", "daily", "--id", "skipped", "--ring-for", "5s"])
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertEqual(try run(["skip", "skipped"]).status, 0)
        let added = try run(["add", time, "--id", "soon", "--ring-for", "5s"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(daemon.waitForStderr(timeout: 10) { $0.contains("event=fired id=soon") }, daemon.stderr)
        let fired = daemon.stderr.split(separator: "\n").first { $0.contains("event=fired id=soon") } ?? ""
        XCTAssertTrue(fired.contains("T\(time)+00:00"), String(fired))
        let late = fired.split(separator: " ").first { $0.hasPrefix("late_ms=") }.flatMap { Int($0.dropFirst(8)) }
        XCTAssertLessThan(try XCTUnwrap(late, String(fired)), 1000)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertFalse(daemon.stderr.contains("event=fired id=skipped"), daemon.stderr)
    }
}
