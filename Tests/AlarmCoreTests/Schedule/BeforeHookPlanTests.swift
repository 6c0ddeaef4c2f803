@testable import AlarmCore
import UnitTestSupport
import XCTest

/// `before` hooks: due at their ring − before, once per ring, the next moment given to the timer.
final class BeforeHookPlanTests: XCTestCase {
    private let now = instant("2026-12-07T06:00:00+00:00")

    private func work(before: Int) -> Alarm {
        var work = alarm("06:45", days("weekdays"), id: "work")
        work.hooks = [Hook(on: .before, command: ["true"], before: before), Hook(on: .fired, command: ["true"])]
        return work
    }

    func testTheTimerWakesAtTheMomentAndTheHookIsDueOnceForItsRing() {
        withTimeZone("UTC") {
            var plan = BeforeHookPlan()
            let alarms = [work(before: 1800)]
            let early = plan.step(now: now, alarms: alarms, fileHooks: [], state: DaemonState(), pausedUntil: nil)
            XCTAssertEqual(early.due, [])
            XCTAssertEqual(early.next, instant("2026-12-07T06:15:00+00:00"))
            let due = plan.step(now: instant("2026-12-07T06:15:00+00:00"), alarms: alarms, fileHooks: [], state: DaemonState(), pausedUntil: nil)
            XCTAssertEqual(due.due, [BeforeHookPlan.Due(alarm: "work", key: "work", index: 0, ring: instant("2026-12-07T06:45:00+00:00"))])
            let again = plan.step(now: instant("2026-12-07T06:20:00+00:00"), alarms: alarms, fileHooks: [], state: DaemonState(), pausedUntil: nil)
            XCTAssertEqual(again.due, [], "once per ring")
        }
    }

    func testAMomentThatPassedWhileRunWasDownIsDueAtOnceAndAPauseMovesItToTheRingAfter() {
        withTimeZone("UTC") {
            var plan = BeforeHookPlan()
            XCTAssertEqual(plan.step(now: now, alarms: [work(before: 3600)], fileHooks: [], state: DaemonState(), pausedUntil: nil).due.map(\.ring),
                           [instant("2026-12-07T06:45:00+00:00")])
            var paused = BeforeHookPlan()
            let held = paused.step(now: now, alarms: [work(before: 1800)], fileHooks: [], state: DaemonState(),
                                   pausedUntil: try! CalendarDate(parsing: "2026-12-09"))
            XCTAssertEqual(held.next, instant("2026-12-09T06:15:00+00:00"), "the first ring the pause lets through")
        }
    }

    func testTheFilesHooksCountForEveryAlarm() {
        withTimeZone("UTC") {
            var plan = BeforeHookPlan()
            let plain = alarm("06:45", days("weekdays"), id: "plain")
            let result = plan.step(now: now, alarms: [plain], fileHooks: [Hook(on: .before, command: ["true"], before: 600)], state: DaemonState(),
                                   pausedUntil: nil)
            XCTAssertEqual(result.next, instant("2026-12-07T06:35:00+00:00"))
        }
    }

    func testASnoozesEndRunsNoBeforeHookAndTheNextRingsDoes() {
        withTimeZone("UTC") {
            var plan = BeforeHookPlan()
            var state = DaemonState()
            state.snoozes["work"] = PendingSnooze(until: instant("2026-12-07T06:54:00+00:00"), count: 1)
            let snoozed = plan.step(now: instant("2026-12-07T06:46:00+00:00"), alarms: [work(before: 1800)], fileHooks: [], state: state,
                                    pausedUntil: nil)
            XCTAssertEqual(snoozed.due, [], "the sunrise light is not started again for the snooze's end")
            XCTAssertEqual(snoozed.next, instant("2026-12-08T06:15:00+00:00"), "tomorrow's ring's moment")
        }
    }
}
