@testable import AlarmCore
import UnitTestSupport
import XCTest

/// The four plans ahead of a ring in one step, on a schedule whose clock the test moves: each
/// says its own moment once, the timer is given the earliest of them, and nothing more. (UTC; the
/// ring is Mon 7 Dec 2026 06:45; bedtime 22:30 the night before, the hook at 06:15, the check at
/// 06:30, the wake-up phase from 06:35.)
final class RingLookaheadTests: XCTestCase {
    private let ring = instant("2026-12-07T06:45:00+00:00")

    private func work(wakeUpSound: SoundReference? = SoundReference(parsing: "rain")) -> Alarm {
        var work = alarm("06:45", days("weekdays"), id: "work")
        work.hooks = [Hook(on: .before, command: ["true"], before: 1800)]
        work.settings.bedtime = Bedtime(sleep: 8 * 3600, before: 15 * 60, sound: SoundReference(parsing: "chime"))
        work.settings.preflight = 900
        work.settings.wakeUp = 600
        work.settings.wakeUpSound = wakeUpSound
        return work
    }

    private func model(at start: String, _ alarms: [Alarm], pausedUntil: CalendarDate? = nil) -> (ScheduleModel, ManualClock) {
        let clock = ManualClock(Instant(seconds: instant(start)))
        var model = ScheduleModel(clock: clock)
        model.use(alarms, pausedUntil: pausedUntil)
        _ = model.evaluate()
        return (model, clock)
    }

    func testEachPlanIsDueAtItsOwnMomentOnceAndTheTimerIsGivenTheEarliest() {
        withTimeZone("UTC") {
            let (model, clock) = self.model(at: "2026-12-06T20:00:00+00:00", [work()])
            var lookahead = RingLookahead()
            let evening = lookahead.step(model, preroll: { _ in 1 })
            XCTAssertEqual(evening, RingLookahead.Step(next: instant("2026-12-06T22:30:00+00:00")), "bedtime comes first")
            clock.set(Instant(seconds: instant("2026-12-06T22:30:00+00:00")))
            XCTAssertEqual(lookahead.step(model, preroll: { _ in 1 }),
                           RingLookahead.Step(events: [.bedtime(id: "work", ring: ring)], bedtimeSound: SoundReference(parsing: "chime"),
                                              next: instant("2026-12-07T06:15:00+00:00")))
            clock.set(Instant(seconds: instant("2026-12-07T06:15:00+00:00")))
            XCTAssertEqual(lookahead.step(model, preroll: { _ in 1 }),
                           RingLookahead.Step(events: [.hookDue(id: "work", index: 0, ring: ring)], next: instant("2026-12-07T06:30:00+00:00")))
            clock.set(Instant(seconds: instant("2026-12-07T06:30:00+00:00")))
            let check = lookahead.step(model, preroll: { _ in 1 })
            XCTAssertEqual(check.checks.map(\.at), [ring])
            XCTAssertEqual(check.events, [])
            XCTAssertEqual(check.next, instant("2026-12-07T06:35:00+00:00"), "the check in flight is not waited for; the phase is next")
            XCTAssertEqual(lookahead.checks.map(\.id), ["work"], "what the faces show of the check")
            clock.set(Instant(seconds: instant("2026-12-07T06:35:00+00:00")))
            let waking = lookahead.step(model, preroll: { _ in 1 })
            XCTAssertEqual(waking.events, [.waking(id: "work", ring: ring, seconds: 600, sound: "rain")])
            XCTAssertEqual(waking.checks, [], "a check is started once")
            let again = lookahead.step(model, preroll: { _ in 1 })
            XCTAssertEqual(again.events, [], "nothing is said twice")
        }
    }

    func testNoCheckStartsWithinTheRingsPreRollAndItsMargin() {
        withTimeZone("UTC") {
            let (model, _) = self.model(at: "2026-12-07T06:44:41+00:00", [work()])
            var lookahead = RingLookahead()
            let late = lookahead.step(model, preroll: { _ in 20 - RingLookahead.checkMargin })
            XCTAssertEqual(late.checks, [], "19 s before the ring: within its pre-roll and margin")
            let (early, _) = self.model(at: "2026-12-07T06:44:00+00:00", [work()])
            var other = RingLookahead()
            XCTAssertEqual(other.step(early, preroll: { _ in 20 - RingLookahead.checkMargin }).checks.map(\.at), [ring], "60 s before it, outside")
        }
    }

    func testAPausedMorningHasNoneOfTheFour() {
        withTimeZone("UTC") {
            let (model, clock) = self.model(at: "2026-12-06T20:00:00+00:00", [work()], pausedUntil: try! CalendarDate(parsing: "2026-12-08"))
            var lookahead = RingLookahead()
            for moment in ["2026-12-06T22:30:00+00:00", "2026-12-07T06:15:00+00:00", "2026-12-07T06:30:00+00:00", "2026-12-07T06:35:00+00:00"] {
                clock.set(Instant(seconds: instant(moment)))
                let step = lookahead.step(model, preroll: { _ in 1 })
                XCTAssertEqual(step.events.filter { if case .wakingProgress = $0 { false } else { true } }, [], moment)
                XCTAssertEqual(step.checks.filter { $0.at == ring }, [], moment)
            }
        }
    }

    func testOnlyAPhaseWithASoundOpensItsRingsSoundAtItsStart() {
        withTimeZone("UTC") {
            let (model, _) = self.model(at: "2026-12-07T06:00:00+00:00", [work()])
            let due = Ring(alarm: model.alarms[0], at: ring)
            XCTAssertEqual(RingLookahead.soundPhase(for: due, in: model)?.seconds, 600)
            let (silent, _) = self.model(at: "2026-12-07T06:00:00+00:00", [work(wakeUpSound: nil)])
            XCTAssertNil(RingLookahead.soundPhase(for: Ring(alarm: silent.alarms[0], at: ring), in: silent))
        }
    }
}
