import Foundation
import XCTest

/// `validate` and `next` run as the built binary, in a chosen time zone, on temporary files.
final class ScheduleCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("alarmplay-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: AlarmPlayBinary.path), "build first: swift build")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    private func run(_ arguments: [String], zone: String = "Europe/Berlin", environment extra: [String: String] = [:]) throws -> Result {
        var environment = ["TZ": zone, "HOME": directory.path, "PATH": "/usr/bin:/bin"]
        environment.merge(extra) { $1 }
        let result = try AlarmPlayBinary.run(arguments, environment: environment)
        return Result(status: result.status, out: result.stdout, err: result.stderr)
    }

    private func write(_ text: String, name: String = "alarms.json") throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let alarms = """
        {
          "alarms": [
            { "id": "work", "label": "Work days", "time": "06:45", "days": "weekdays" },
            { "id": "early", "time": "02:30", "days": ["sun"] },
            { "time": "16:00", "enabled": false }
          ]
        }
        """

    func testValidateSummarizesAValidFile() throws {
        let path = try write(#"{"alarms": [{"id": "far", "time": "06:45", "date": "2030-01-07"}, {"time": "07:00", "enabled": false}]}"#)
        let result = try run(["validate", "--alarms", path])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("2 alarms, 1 enabled; next: far, Mon 07 Jan 2030 06:45 (in "), result.out)
        XCTAssertTrue(result.out.hasSuffix("d)\n") || result.out.hasSuffix("h)\n"), result.out)
        XCTAssertEqual(result.err, "")
    }

    func testValidateReportsEveryProblemWithItsPosition() throws {
        let path = try write("""
            {
              "alarms": [
                {"time": "25:00", "snoze": "5m"},
                {"time": "07:00", "days": ["tues"],}
              ]
            }
            """)
        let result = try run(["validate", "--alarms", path])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, """
            \(path):3:14: hour 25 out of range (00-23)
            \(path):3:23: unknown key "snoze" (did you mean "snooze"?)
            \(path):4:32: unknown weekday "tues" (did you mean "tue"?)
            \(path):4:39: trailing comma before '}'
            alarmplay: error: \(path): 4 problems

            """)
    }

    func testMissingFileExplainsHowToCreateOne() throws {
        let result = try run(["validate"], environment: ["XDG_CONFIG_HOME": directory.path + "/config"])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.err.hasPrefix("alarmplay: error: no alarms file at \(directory.path)/config/alarmplay/alarms.json; create one with 'alarmplay add 07:00 --days weekdays'"), result.err)
    }

    func testAlarmsFileFromTheEnvironment() throws {
        let path = try write(Self.alarms, name: "env.json")
        let result = try run(["next", "--after", "2026-12-04T07:00:00+01:00"], environment: ["ALARMPLAY_ALARMS": path])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "early  Sun 06 Dec 2026 02:30:00 CET  (in 1d 19h)\n")
    }

    func testNextAlignsColumnsAndFollowsDaylightSaving() throws {
        let path = try write(Self.alarms)
        let result = try run(["next", "--alarms", path, "--after", "2027-03-26T07:00:00+01:00", "--count", "4"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            early  Sun 28 Mar 2027 03:00:00 CEST  (in 1d 19h)
            work   Mon 29 Mar 2027 06:45:00 CEST  (in 2d 22h)
            work   Tue 30 Mar 2027 06:45:00 CEST  (in 3d 22h)
            work   Wed 31 Mar 2027 06:45:00 CEST  (in 4d 22h)

            """)
    }

    func testNextAfterExactlyOnARingShowsTheFollowingOne() throws {
        let path = try write(Self.alarms)
        let result = try run(["next", "--alarms", path, "--after", "2026-12-07T06:45:00+01:00"])
        XCTAssertEqual(result.out, "work  Tue 08 Dec 2026 06:45:00 CET  (in 1d)\n")
    }

    func testNextAsJSONInAnotherZone() throws {
        let path = try write(Self.alarms)
        let result = try run(["next", "--alarms", path, "--after", "2026-11-01T00:00:00-04:00", "--count", "2", "--json"], zone: "America/New_York")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            [
              {
                "id": "early",
                "label": null,
                "at": "2026-11-01T02:30:00-05:00",
                "position": 2,
                "shiftedFrom": null
              },
              {
                "id": "work",
                "label": "Work days",
                "at": "2026-11-02T06:45:00-05:00",
                "position": 1,
                "shiftedFrom": null
              }
            ]

            """)
    }

    func testNextWithLocalAfterAndNothingEnabled() throws {
        let path = try write(#"{"alarms": [{"time": "07:00", "enabled": false}]}"#)
        let result = try run(["next", "--alarms", path, "--after", "2026-12-07T06:00"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.out, "no alarm will ring (1 alarms, 0 enabled)\n")
        let json = try run(["next", "--alarms", path, "--json"])
        XCTAssertEqual(json.out, "[]\n")
    }

    func testBadAfterIsABadValue() throws {
        let path = try write(Self.alarms)
        let result = try run(["next", "--alarms", path, "--after", "tomorrow"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.err.hasPrefix("alarmplay: error: --after: invalid time \"tomorrow\" (expected ISO 8601"), result.err)
        let count = try run(["next", "--alarms", path, "--count", "0"])
        XCTAssertEqual(count.status, 65)
    }

    /// The sun time beside a ring is to the minute as the ring is: Berlin's sunrise on 5 Dec 2026 is
    /// 07:59:50, so the ring 30 minutes before it is 07:30, beside sunrise 08:00 (not 07:59).
    func testTheSunTimeIsRoundedAsTheRingIs() throws {
        let path = try write(#"{"defaults": {"location": {"latitude": 52.52, "longitude": 13.405}}, "alarms": [{"id": "sun", "sun": {"event": "sunrise", "offset": "-30m"}, "days": "daily"}]}"#)
        let result = try run(["next", "--alarms", path, "--after", "2026-12-05T00:00"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("sun  Sat 05 Dec 2026 07:30:00 CET  (in 7h 30m)  sunrise 08:00\n"), result.out)
    }

    /// A day without an appointment rings at the alarm's `otherwise`, said in words a person reads.
    func testADayWithoutAnAppointmentSaysItRingsAtItsOtherwiseTime() throws {
        _ = try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//alarmplay tests//EN\r\nEND:VCALENDAR\r\n", name: "empty.ics")
        let path = try write(#"{"alarms": [{"id": "work", "days": "daily", "fromCalendar": {"calendar": "empty.ics", "otherwise": "07:15"}}]}"#)
        let result = try run(["next", "--alarms", path, "--after", "2026-12-05T00:00"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "work  Sat 05 Dec 2026 07:15:00 CET  (in 7h 15m)  no timed event that day: rings at its \"otherwise\" time\n")
    }

    /// A ring half a year or more ahead shows its year; nearer ones only their day and month.
    func testAFarRingShowsItsYear() throws {
        let far = Calendar(identifier: .gregorian).date(byAdding: .day, value: 364, to: Date())!
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Europe/Berlin")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        let date = formatter.string(from: far)
        formatter.dateFormat = "EEE dd MMM yyyy"
        let path = try write(#"{"alarms": [{"id": "far", "time": "14:30", "date": "\#(date)"}, {"id": "near", "time": "14:30", "days": "daily"}]}"#)
        let list = try run(["list", "--alarms", path])
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertTrue(list.out.contains("(\(formatter.string(from: far)) 14:30)\n"), list.out)
        let near = try XCTUnwrap(list.out.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(near.hasPrefix("near ") && near.range(of: #" \d\d [A-Z][a-z]{2} 14:30\)$"#, options: .regularExpression) != nil,
                      "no year for a ring within a day: \(list.out)")
    }
}
