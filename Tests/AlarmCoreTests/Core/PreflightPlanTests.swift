@testable import AlarmCore
import UnitTestSupport
import XCTest

/// When the check before a ring is due and what its results announce, replayed with a fake clock:
/// the plan is told the upcoming rings and the time, as `run` tells it on every evaluation.
final class PreflightPlanTests: XCTestCase {
    private let at = 1_800_000_000
    private let clock = ManualClock(Instant(seconds: 0))
    private let broken = PreflightProblem(.sound("file:song"), "cannot play file:song: gone")
    private let clockProblem = PreflightProblem(.clock, "not synchronised")

    private func ring(lead: Int = 600, at: Int? = nil) -> Ring {
        var alarm = Alarm(id: "wake", position: 1, time: TimeOfDay(hour: 7, minute: 0, second: 0))
        alarm.settings.preflight = lead
        return Ring(alarm: alarm, at: at ?? self.at, isSnooze: false)
    }

    /// What a loop would start over `seconds`, waking at each deadline; `results` answers each check.
    private func replay(
        _ plan: inout PreflightPlan, _ ring: Ring, from start: Int, to end: Int, results: (Int) -> [PreflightProblem]
    ) -> (checks: [Int], events: [DaemonEvent]) {
        var checks: [Int] = []
        var events: [DaemonEvent] = []
        clock.set(Instant(seconds: start))
        while clock.now().seconds <= end {
            let now = clock.now().seconds
            plan.track([(ring, 3)])
            for started in plan.start(now: now) {
                checks.append(now)
                events += plan.record(results(now), for: started, at: now)
            }
            guard let next = plan.nextDeadline(now: clock.now().seconds) else { break }
            clock.set(Instant(seconds: max(next, now + 1)))
        }
        return (checks, events)
    }

    func testTheFirstCheckIsAtTheLeadAndAllWellEndsTheChecks() {
        var plan = PreflightPlan()
        let (checks, events) = replay(&plan, ring(), from: at - 3600, to: at) { _ in [] }
        XCTAssertEqual(checks, [at - 600])
        XCTAssertEqual(events, [.preflightOK(id: "wake", ring: at)])
    }

    func testAProblemIsCheckedEveryMinuteUntilTheRingAndAnnouncedOnceUntilItChanges() {
        var plan = PreflightPlan()
        let (checks, events) = replay(&plan, ring(lead: 300), from: at - 400, to: at) { _ in [self.broken] }
        XCTAssertEqual(checks, [at - 300, at - 240, at - 180, at - 120, at - 60], "none within the last 3 s (the pre-roll)")
        XCTAssertEqual(events, [.preflightFailed(id: "wake", ring: at, problems: [broken.description])])
        XCTAssertEqual(plan.problems(ring().alarm), [broken], "the ring then leaves the sound out")
    }

    /// A ring first seen inside its closing seconds (`run` started 12 s before a stream's ring,
    /// whose pre-roll is 15 s) is not checked, and gives the timer no deadline: one long past
    /// made the loop wake at once, thousands of times a second, until the ring.
    func testARingFirstSeenTooLateToCheckGivesTheTimerNothing() {
        var plan = PreflightPlan()
        plan.track([(ring(lead: 600), 17)])
        XCTAssertEqual(plan.start(now: at - 12), [])
        XCTAssertNil(plan.nextDeadline(now: at - 12))
    }

    /// A standing problem is said once for the alarm, not again for its next ring (a snooze's
    /// end, tomorrow's), and again only when it changes or clears.
    func testAStandingProblemIsAnnouncedOnceAcrossRings() {
        var plan = PreflightPlan()
        let first = replay(&plan, ring(lead: 300), from: at - 400, to: at) { _ in [self.clockProblem] }
        XCTAssertEqual(first.events, [.preflightFailed(id: "wake", ring: at, problems: [clockProblem.description])])
        let snoozeEnd = at + 540
        let second = replay(&plan, ring(lead: 300, at: snoozeEnd), from: at + 1, to: snoozeEnd) { _ in [self.clockProblem] }
        XCTAssertEqual(second.events, [], "the same problem for the snooze's end is not said again")
        let later = at + 86_400
        let third = replay(&plan, ring(lead: 300, at: later), from: snoozeEnd + 1, to: later) { _ in [self.clockProblem, self.broken] }
        XCTAssertEqual(third.events, [.preflightFailed(id: "wake", ring: later, problems: [clockProblem.description, broken.description])],
                       "a change is said")
    }

    func testARecoveryIsAnnouncedOnceAndAProblemLeftStaysShown() {
        var plan = PreflightPlan()
        let (_, events) = replay(&plan, ring(lead: 300), from: at - 300, to: at) { now in
            now < self.at - 200 ? [self.broken, self.clockProblem] : [self.clockProblem]
        }
        XCTAssertEqual(events, [
            .preflightFailed(id: "wake", ring: at, problems: [broken.description, clockProblem.description]),
            .preflightRecovered(id: "wake", ring: at, fixed: [broken.description]),
            .preflightFailed(id: "wake", ring: at, problems: [clockProblem.description]),
        ])
        var fixed = PreflightPlan()
        let (checks, all) = replay(&fixed, ring(lead: 300), from: at - 300, to: at) { now in now < self.at - 240 ? [self.broken] : [] }
        XCTAssertEqual(checks, [at - 300, at - 240], "all well again: no more checks")
        XCTAssertEqual(all.filter { if case .preflightRecovered = $0 { return true } else { return false } }.count, 1)
    }

    func testOffAtZeroAndAlreadyInsideTheLeadChecksAtOnce() {
        var off = PreflightPlan()
        XCTAssertEqual(replay(&off, ring(lead: 0), from: at - 60, to: at) { _ in [] }.checks, [])
        var late = PreflightPlan()
        XCTAssertEqual(replay(&late, ring(), from: at - 90, to: at) { _ in [] }.checks, [at - 90], "started 90 s before its ring")
        var tooLate = PreflightPlan()
        XCTAssertEqual(replay(&tooLate, ring(), from: at - 2, to: at) { _ in [] }.checks, [], "within the pre-roll the ring opens itself")
    }

    func testAMovedRingStartsAfreshAndAResultForTheOldOneIsDropped() {
        var plan = PreflightPlan()
        plan.track([(ring(), 3)])
        let started = plan.start(now: at - 600)
        XCTAssertEqual(started.map(\.at), [at])
        plan.track([(ring(at: at + 540), 3)])
        XCTAssertEqual(plan.record([broken], for: started[0], at: at - 599), [], "the ring moved (a snooze, an edit) while it ran")
        XCTAssertEqual(plan.nextDeadline(now: at - 599), at - 60, "the moved ring is checked at its own lead")
        XCTAssertEqual(plan.problems(ring().alarm), [])
    }
}
