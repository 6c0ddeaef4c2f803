@testable import AlarmCore
import UnitTestSupport
import XCTest

/// The warning while the kernel calls the clock unsynchronised and an alarm is due within 12
/// hours, and `run`'s watch that says it once and looks again. UTC; Mon 7 Dec 2026.
final class ClockWarningTests: XCTestCase {
    private let evening = instant("2026-12-06T21:00:00+00:00")
    private let work = alarm("06:45", days("weekdays"), id: "work", position: 1)

    private func ring(_ at: String) -> Ring { Ring(alarm: work, at: instant(at)) }

    func testOnlyAnUnsynchronisedClockWithARingWithinTwelveHoursWarns() {
        let morning = ring("2026-12-07T06:45:00+00:00")
        XCTAssertEqual(ClockWarning.decide(now: evening, synchronised: false, next: morning), ClockWarning(id: "work", ring: morning.at))
        XCTAssertNil(ClockWarning.decide(now: evening, synchronised: true, next: morning), "a synchronised clock")
        XCTAssertNil(ClockWarning.decide(now: evening, synchronised: nil, next: morning), "the kernel could not be asked")
        XCTAssertNil(ClockWarning.decide(now: evening, synchronised: false, next: nil), "nothing rings")
        let farOff = ring("2026-12-07T09:00:01+00:00")
        XCTAssertNil(ClockWarning.decide(now: evening, synchronised: false, next: farOff), "12 h and a second ahead")
        XCTAssertNotNil(ClockWarning.decide(now: evening + 1, synchronised: false, next: farOff), "12 h ahead")
    }

    func testTheRingAWrongClockMovesIsAScheduledOneOfTheFileNotASnoozeOrATimer() {
        var state = DaemonState()
        state.snoozes[work.stateKey] = PendingSnooze(until: evening + 300, count: 1)
        let timer = alarm("21:10", .once, id: "timer-1", position: 2)
        let snapshot = withTimeZone("UTC") {
            Snapshot(alarms: [work], timers: [timer], state: state, pausedUntil: nil, now: evening)
        }
        XCTAssertEqual(withTimeZone("UTC") { snapshot.upcoming(count: 2).map(\.alarm.name) }, ["work", "timer-1"], "the snooze's end, then the timer")
        XCTAssertEqual(withTimeZone("UTC") { snapshot.next?.isSnooze }, true)
        let ring = withTimeZone("UTC") { snapshot.nextScheduledRing }
        XCTAssertEqual(ring?.alarm.name, "work")
        XCTAssertEqual(ring?.at, instant("2026-12-07T06:45:00+00:00"))
    }

    func testTheWatchSaysAWarningOnceLooksAgainAndSaysWhenTheClockIsSynchronised() {
        var watch = ClockWatch()
        let morning = ring("2026-12-07T06:45:00+00:00")
        // The evening before, 12 h 15 min ahead: nothing yet, and a look when the ring comes within the window.
        let before = watch.step(now: morning.at - 12 * 3600 - 900, synchronised: false, next: morning)
        XCTAssertEqual(before.events, [])
        XCTAssertEqual(before.next, morning.at - 12 * 3600)
        let inside = watch.step(now: morning.at - 12 * 3600, synchronised: false, next: morning)
        XCTAssertEqual(inside.events, [.clockUnsynchronised(id: "work", ring: morning.at)])
        XCTAssertEqual(inside.next, morning.at - 12 * 3600 + ClockWatch.recheckSeconds, "NTP may slew it right: looked at again")
        XCTAssertEqual(watch.step(now: morning.at - 11 * 3600, synchronised: false, next: morning).events, [], "said once")
        let settled = watch.step(now: morning.at - 10 * 3600, synchronised: true, next: morning)
        XCTAssertEqual(settled.events, [.clockSynchronised])
        XCTAssertNil(settled.next, "the ring is within the window already: nothing more to look for")
        XCTAssertNil(watch.warning)
    }

    func testTheNextRingWarnsAgainAndARingThatLeftTheWindowEndsTheWarningSilently() {
        var watch = ClockWatch()
        let morning = ring("2026-12-07T06:45:00+00:00")
        XCTAssertEqual(watch.step(now: evening, synchronised: false, next: morning).events.count, 1)
        // It rang; the next is the following morning, more than 12 h away: no warning, nothing said.
        let tomorrow = ring("2026-12-08T06:45:00+00:00")
        let after = watch.step(now: morning.at + 1, synchronised: false, next: tomorrow)
        XCTAssertEqual(after.events, [])
        XCTAssertEqual(after.next, tomorrow.at - 12 * 3600)
        XCTAssertEqual(watch.step(now: tomorrow.at - 3600, synchronised: false, next: tomorrow).events,
                       [.clockUnsynchronised(id: "work", ring: tomorrow.at)])
    }

    func testTheEventsAreWarningsWithTheirFields() {
        let warning = DaemonEvent.clockUnsynchronised(id: "work", ring: instant("2026-12-07T06:45:00+00:00"))
        XCTAssertEqual(warning.level, .warning)
        XCTAssertEqual(warning.name, "clock_unsynchronised")
        XCTAssertEqual(warning.alarmID, "work")
        XCTAssertEqual(DaemonEvent.clockSynchronised.level, .info)
    }
}
