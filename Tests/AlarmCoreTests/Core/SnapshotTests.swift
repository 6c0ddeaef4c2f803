import AlarmCore
import FaceMQTT
import UnitTestSupport
import XCTest

/// The one answer to "what rings next", on fixed instants in UTC.
final class SnapshotTests: XCTestCase {
    private let now = instant("2026-12-07T08:00:00+00:00")
    private let work = alarm("06:45", days("weekdays"), id: "work", position: 1)
    private let nap = alarm("07:50", .once, id: "nap", position: 2)

    private func snapshot(_ alarms: [Alarm], state: DaemonState = DaemonState(), pausedUntil: String? = nil) -> Snapshot {
        withTimeZone("UTC") {
            Snapshot(alarms: alarms, state: state, pausedUntil: pausedUntil.map { try! CalendarDate(parsing: $0) }, now: now)
        }
    }

    private func next(_ snapshot: Snapshot) -> String? {
        withTimeZone("UTC") { snapshot.next.map { "\($0.alarm.name) \(TimeFormat().iso($0.at))\($0.isSnooze ? " snooze" : "")" } }
    }

    func testADoneOneShotIsNotNext() {
        var state = DaemonState()
        state.schedule.update(nap) { $0.done = true }
        let view = snapshot([work, nap], state: state)
        XCTAssertEqual(next(view), "work 2026-12-08T06:45:00+00:00")
        XCTAssertEqual(withTimeZone("UTC") { view.status(of: nap) }, .done)
    }

    /// Before `run` has armed it (no state), a one-shot rings once in every view: the next
    /// rings, the feed's rings, the explained ones.
    func testAOneShotRunHasNotSeenRingsOnceInEveryView() {
        let view = snapshot([nap, work])
        let upcoming = withTimeZone("UTC") { view.upcoming(count: 6) }
        XCTAssertEqual(upcoming.filter { $0.alarm.id == "nap" }.map { TimeFormat().iso($0.at) }, ["2026-12-08T07:50:00+00:00"])
        XCTAssertEqual(upcoming.count, 6, "the rest are work's")
        let feed = withTimeZone("UTC") { view.rings(until: now + 60 * 86_400) }
        XCTAssertEqual(feed.filter { $0.alarm.id == "nap" }.count, 1)
        let explained = withTimeZone("UTC") { view.upcomingExplained(count: 6) }
        XCTAssertEqual(explained.rings.filter { $0.alarm.id == "nap" }.count, 1)
    }

    func testAPendingSnoozeIsTheNextRingAndTheAlarmsStatus() {
        var state = DaemonState()
        state.snoozes[work.stateKey] = PendingSnooze(until: now + 300, count: 1)
        let view = snapshot([work], state: state)
        XCTAssertEqual(next(view), "work 2026-12-07T08:05:00+00:00 snooze")
        XCTAssertEqual(withTimeZone("UTC") { view.status(of: work) }, .snoozed(until: now + 300))
        XCTAssertEqual(view.snoozed.map(\.snoozesLeft), [2])
    }

    func testASnoozeOfADisabledAlarmIsOver() {
        var off = work
        off.enabled = false
        var state = DaemonState()
        state.snoozes[off.stateKey] = PendingSnooze(until: now + 300, count: 1)
        XCTAssertNil(next(snapshot([off], state: state)))
    }

    func testAPauseHoldsRingsAndSnoozesBeforeItsDate() {
        var state = DaemonState()
        state.snoozes[work.stateKey] = PendingSnooze(until: now + 300, count: 1)
        let view = snapshot([work], state: state, pausedUntil: "2026-12-10")
        XCTAssertEqual(view.pausedUntil?.description, "2026-12-10")
        XCTAssertEqual(next(view), "work 2026-12-10T06:45:00+00:00")
        XCTAssertEqual(withTimeZone("UTC") { view.status(of: work) }, .rings(at: instant("2026-12-10T06:45:00+00:00")))
    }

    func testAPauseWhoseDateHasComeIsOver() {
        let view = snapshot([work], pausedUntil: "2026-12-07")
        XCTAssertNil(view.pausedUntil)
        XCTAssertEqual(next(view), "work 2026-12-08T06:45:00+00:00")
    }

    func testUpcomingMergesSnoozesAndRingsInOrder() {
        var state = DaemonState()
        state.snoozes[work.stateKey] = PendingSnooze(until: now + 300, count: 1)
        let view = snapshot([work], state: state)
        XCTAssertEqual(withTimeZone("UTC") { view.upcoming(count: 3).map { TimeFormat().iso($0.at) } },
                       ["2026-12-07T08:05:00+00:00", "2026-12-08T06:45:00+00:00", "2026-12-09T06:45:00+00:00"])
    }
}
