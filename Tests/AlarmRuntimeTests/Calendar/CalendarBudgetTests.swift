import AlarmCore
import AlarmRuntime
import UnitTestSupport
import XCTest

/// One budget for a calendar as a whole: 400 events repeating every minute (a 47 KB file)
/// expanded 20 million occurrences, gigabytes, and took `run` down; now a file over budget is
/// cut short, says so, and keeps at most one occurrence per event and day.
final class CalendarBudgetTests: XCTestCase {
    /// 2026-12-01T00:00:00Z
    private let start = 1_796_083_200

    private func calendar(_ events: [[String]]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay tests//EN"]
        for (index, event) in events.enumerated() {
            lines += ["BEGIN:VEVENT", "UID:e\(index)@tests"] + event + ["END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// The standard steps and days with a minute of CPU: the step and day limits are what these
    /// tests count, and under qemu-user (the arm64 pass) 3 s of CPU ran out first.
    private static let steps = CalendarBudget(steps: CalendarBudget.standard.steps, stepsPerRule: CalendarBudget.standard.stepsPerRule,
                                              days: CalendarBudget.standard.days, cpuNanoseconds: 60_000_000_000)

    private func read(_ text: String, budget: CalendarBudget = steps) throws -> CalendarRead {
        try withTimeZone("UTC") {
            try ICalendarReader.read(in: text, path: "busy.ics", window: (start - 86_400)...(start + 400 * 86_400), zone: .current, budget: budget)
        }
    }

    private func minutely(_ count: Int) -> [[String]] {
        (0..<count).map { ["DTSTART:20261201T000000Z", "SUMMARY:every minute \($0)", "RRULE:FREQ=MINUTELY"] }
    }

    func testFourHundredEventsRepeatingEveryMinuteAreCutShortWithOneOccurrenceADay() throws {
        let read = try read(calendar(minutely(400)))
        // 100,000 steps shared by 400 rules: 250 minutes each, all on 1 December.
        XCTAssertEqual(read.events.count, 400)
        XCTAssertEqual(read.events.first, CalendarEvent(summary: "every minute 0", span: .instants(start, until: start + 249 * 60)))
        let cut = try XCTUnwrap(read.cutShort)
        XCTAssertTrue(cut.contains("100000 recurrence steps"), cut)
    }

    /// One rule as such kept 50,000 occurrences (34 days of minutes); now one a day.
    func testARuleRepeatingEveryMinuteKeepsOneOccurrenceADay() throws {
        let read = try read(calendar(minutely(1)))
        XCTAssertEqual(read.events.count, 35, "50,000 minutes from 1 December reach 4 January")
        XCTAssertEqual(read.events[1], CalendarEvent(summary: "every minute 0", span: .instants(start + 86_400, until: start + 2 * 86_400 - 60)))
        XCTAssertNotNil(read.cutShort, "the rule was cut at its own limit")
    }

    /// A rule that repeats every second does not starve the holidays after it.
    func testTheStepsAreSharedFairlyAmongTheRules() throws {
        let text = calendar([["DTSTART:20261201T000000Z", "SUMMARY:flood", "RRULE:FREQ=SECONDLY"],
                             ["DTSTART;VALUE=DATE:20261225", "SUMMARY:Christmas Day", "RRULE:FREQ=YEARLY"]])
        let budget = CalendarBudget(steps: 1000, stepsPerRule: 50_000, days: 50_000, cpuNanoseconds: 60_000_000_000)
        let read = try read(text, budget: budget)
        XCTAssertEqual(read.events.filter { $0.summary == "Christmas Day" }.count, 2, "25 December 2026 and 2027")
        XCTAssertEqual(read.events.filter { $0.summary == "flood" }.count, 1)
        XCTAssertNotNil(read.cutShort)
    }

    func testTheDaysCoveredAreBounded() throws {
        let daily = (0..<10).map { ["DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261204", "SUMMARY:busy \($0)", "RRULE:FREQ=DAILY"] }
        let budget = CalendarBudget(steps: 100_000, stepsPerRule: 50_000, days: 300, cpuNanoseconds: 60_000_000_000)
        let read = try read(calendar(daily), budget: budget)
        XCTAssertEqual(read.events.count, 100, "three days each: 100 occurrences")
        XCTAssertTrue(try XCTUnwrap(read.cutShort).contains("more than 300 days"), read.cutShort ?? "")
    }

    func testCPUTimeIsBounded() throws {
        let budget = CalendarBudget(steps: 100_000, stepsPerRule: 50_000, days: 50_000, cpuNanoseconds: 0)
        let read = try read(calendar(minutely(3)), budget: budget)
        XCTAssertLessThan(read.events.count, 3, "stopped at the first look at the clock, 1024 steps in")
        XCTAssertTrue(try XCTUnwrap(read.cutShort).contains("s of CPU"), read.cutShort ?? "")
    }

    func testAnOrdinaryCalendarIsNotCutShort() throws {
        let read = try read(calendar([["DTSTART;VALUE=DATE:20261225", "SUMMARY:Christmas Day", "RRULE:FREQ=YEARLY"],
                                      ["DTSTART:20251201T090000Z", "DTEND:20251201T100000Z", "SUMMARY:Stand-up", "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"]]))
        XCTAssertNil(read.cutShort)
        XCTAssertEqual(read.events.filter { $0.summary == "Stand-up" }.count, 287, "the weekdays from 30 November 2026 to 4 January 2028")
    }
}
