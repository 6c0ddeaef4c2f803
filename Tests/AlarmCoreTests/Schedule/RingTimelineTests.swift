@testable import AlarmCore
import UnitTestSupport
import XCTest

/// The one rule every view reads, on fixed instants in UTC (Mon 7 Dec 2026, 08:00).
final class RingTimelineTests: XCTestCase {
    private let now = instant("2026-12-07T08:00:00+00:00")
    private let work = alarm("06:45", days("weekdays"), id: "work", position: 1)
    private let nap = alarm("23:50", .once, id: "nap", position: 2)
    private let tea = alarm("06:45", days("daily"), id: "tea", position: 3)

    private func rings(_ alarms: [Alarm], state: DaemonState = DaemonState(), pausedUntil: String? = nil, includingHeld: Bool = false,
                       count: Int = 5) -> [String] {
        withTimeZone("UTC") {
            let timeline = RingTimeline(alarms: alarms, state: state, pausedUntil: pausedUntil.map { try! CalendarDate(parsing: $0) },
                                        after: now, includingHeld: includingHeld)
            return timeline.prefix(count).map { "\($0.alarm.name) \(TimeFormat().iso($0.at))\($0.isSnooze ? " snooze" : "")" }
        }
    }

    func testAOneShotRingsOnceAmongTheRepeatingOnes() {
        XCTAssertEqual(rings([work, nap], count: 4), [
            "nap 2026-12-07T23:50:00+00:00", "work 2026-12-08T06:45:00+00:00",
            "work 2026-12-09T06:45:00+00:00", "work 2026-12-10T06:45:00+00:00",
        ])
    }

    func testTheSameSecondIsInFileOrder() {
        XCTAssertEqual(rings([tea, work], count: 2), ["tea 2026-12-08T06:45:00+00:00", "work 2026-12-08T06:45:00+00:00"])
        XCTAssertEqual(rings([work, tea], count: 2), ["work 2026-12-08T06:45:00+00:00", "tea 2026-12-08T06:45:00+00:00"])
    }

    func testASnoozesEndIsAmongTheRingsAndEndsWithItsAlarmSwitchedOff() {
        var state = DaemonState()
        state.snoozes[work.stateKey] = PendingSnooze(until: now + 300, count: 1)
        XCTAssertEqual(rings([work], state: state, count: 2), ["work 2026-12-07T08:05:00+00:00 snooze", "work 2026-12-08T06:45:00+00:00"])
        var off = work
        off.enabled = false
        XCTAssertEqual(rings([off], state: state), [])
    }

    func testAPausePassesOverTheDaysItHoldsButTheTimerStillSeesThem() {
        XCTAssertEqual(rings([work], pausedUntil: "2026-12-10", count: 2), ["work 2026-12-10T06:45:00+00:00", "work 2026-12-11T06:45:00+00:00"])
        XCTAssertEqual(rings([work], pausedUntil: "2026-12-10", includingHeld: true, count: 1), ["work 2026-12-08T06:45:00+00:00"])
        var state = DaemonState()
        state.snoozes[work.stateKey] = PendingSnooze(until: now + 300, count: 1)
        XCTAssertEqual(rings([work], state: state, pausedUntil: "2026-12-10", count: 1), ["work 2026-12-10T06:45:00+00:00"], "a pause holds a snooze's end too")
    }

    func testADoneOneShotAndARingOnItsSkipDoNotRing() {
        var state = DaemonState()
        state.schedule.update(nap) { $0.done = true }
        XCTAssertEqual(rings([nap], state: state), [])
        var skipping = work
        skipping.skip = instant("2026-12-08T06:45:00+00:00")
        XCTAssertEqual(rings([skipping], count: 1), ["work 2026-12-09T06:45:00+00:00"])
    }
}
