import Foundation
import XCTest

/// A calendar cannot take `run` down: 400 events each repeating every minute (a 47 KB file)
/// cost gigabytes, and held to 1 GB of address space (a Pi) `run` aborted loading it, again at
/// every start. Now the calendar is cut short with a warning naming it, and the alarm that skips
/// its days rings on its second through the ALSA file tap, in well under 200 MB.
final class RunCalendarBudgetTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
    }

    override func tearDown() {
        home.remove()
    }

    /// `20261202T000000Z`: yesterday's midnight, so the minutes cut short leave today free.
    private var yesterday: String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd'T000000Z'"
        return formatter.string(from: Date().addingTimeInterval(-86_400))
    }

    private var everyMinute: String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN"]
        for index in 0..<400 {
            lines += ["BEGIN:VEVENT", "UID:minute-\(index)@example.com", "DTSTART:\(yesterday)", "SUMMARY:every minute \(index)",
                      "RRULE:FREQ=MINUTELY", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    func testACalendarOfEventsRepeatingEveryMinuteIsCutShortAndTheAlarmRingsWithin1GB() throws {
        let tap = try ALSATap(in: home)
        try home.write("minutely.ics", everyMinute)
        let due = RunScenario.at(secondsAhead: 6)
        let time = due.json.components(separatedBy: "\"")[3]
        try home.write("alarms.json", """
            {"skipDays": ["minutely.ics"], "alarms": [{"id": "work", "time": "\(time)", "days": "daily", "sound": "tone:beep", "fadeIn": 0, "ringFor": "2s"}]}
            """)
        let environment = AlarmPlayBinary.environment(home: home, ["TZ": "UTC"]).merging(tap.environment) { $1 }
        let run = RunningProcess(["--as=\(1 << 30)", "--", AlarmPlayBinary.path, "run", "--alarms", home.file("alarms.json"), "--device", tap.device],
                                 environment: environment, executable: "/usr/bin/prlimit")
        try run.start()
        defer {
            run.signal(SIGTERM)
            _ = run.wait(timeout: 10)
        }
        XCTAssertNotNil(run.waitForLog("event=calendar_cut_short calendar=minutely.ics", timeout: 30), run.stderr)
        let cut = run.logLines("event=calendar_cut_short").first ?? ""
        XCTAssertTrue(cut.contains("alarms=work"), cut)
        XCTAssertTrue(cut.contains("level=warn"), cut)
        XCTAssertNotNil(run.waitForLog("event=fired id=work", timeout: 30), "run aborted or the alarm never rang: \(run.stderr)")
        let fired = run.logLines("event=fired id=work").first ?? ""
        let late = fired.split(separator: " ").first { $0.hasPrefix("late_ms=") }.flatMap { Int($0.dropFirst(8)) }
        XCTAssertLessThan(try XCTUnwrap(late, fired), 1000)
        XCTAssertNotNil(run.waitForLog("event=silenced id=work", timeout: 10), run.stderr)
        let wav = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: tap.wavPath)[.size] as? Int)
        XCTAssertGreaterThan(wav, 44_100 * 2, "about 2 s of the tone went through the tap")
        let status = try String(contentsOfFile: "/proc/\(run.processIdentifier)/status", encoding: .utf8)
        let peak = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") })
        XCTAssertLessThan(peak, 200 * 1024, "peak RSS \(peak) kB")
    }
}
