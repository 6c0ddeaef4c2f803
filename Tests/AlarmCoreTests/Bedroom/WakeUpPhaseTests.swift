@testable import AlarmCore
@testable import FaceMQTT
import UnitTestSupport
import XCTest

/// The wake-up phase from the snapshot's next rings, with a fake clock: when it starts, how far it
/// is, which rings have none (skipped, off, paused), and a moved ring moving it.
final class WakeUpPhaseTests: XCTestCase {
    private let t = instant("2026-12-07T07:00:00+00:00")

    private func daily(wakeUp: Int = 1_200, sound: SoundReference? = nil, enabled: Bool = true) -> Alarm {
        var work = withTimeZone("UTC") { alarm("07:00", .weekly(.daily), id: "work", enabled: enabled) }
        work.settings.wakeUp = wakeUp
        work.settings.wakeUpSound = sound
        return work
    }

    private func snapshot(_ alarms: [Alarm], at now: Int, pausedUntil: CalendarDate? = nil, state: DaemonState = DaemonState()) -> Snapshot {
        withTimeZone("UTC") { Snapshot(alarms: alarms, state: state, pausedUntil: pausedUntil, now: now, zone: .current) }
    }

    func testThePhaseStartsAtTheLeadAndRisesToTheRing() {
        let phases = snapshot([daily()], at: t - 3_600).wakeUpPhases
        XCTAssertEqual(phases.map(\.start), [t - 1_200])
        XCTAssertEqual(phases.map(\.ring), [t])
        let phase = phases[0]
        XCTAssertEqual([t - 1_201, t - 1_200, t - 600, t - 1, t].map { phase.isActive(at: $0) }, [false, true, true, true, false])
        XCTAssertEqual(phase.progress(at: t - 1_200), 0)
        XCTAssertEqual(phase.progress(at: t - 600), 0.5)
        XCTAssertEqual(phase.progress(at: t), 1)
        XCTAssertTrue(snapshot([daily()], at: t - 1_201).waking.isEmpty)
        XCTAssertEqual(snapshot([daily()], at: t - 1_200).waking.map(\.ring), [t])
        XCTAssertTrue(snapshot([daily()], at: t).waking.isEmpty, "at the ring the phase is over")
    }

    func testNoPhaseWithoutWakeUpForAnAlarmOffOrASkippedOrPausedRing() {
        XCTAssertTrue(snapshot([daily(wakeUp: 0)], at: t - 600).waking.isEmpty)
        XCTAssertTrue(snapshot([daily(enabled: false)], at: t - 600).waking.isEmpty)
        var skipped = daily()
        skipped.skip = t
        XCTAssertTrue(snapshot([skipped], at: t - 600).waking.isEmpty, "a skipped ring has no phase")
        XCTAssertEqual(snapshot([skipped], at: t - 600).wakeUpPhases.map(\.ring), [t + 86_400], "the next ring has its own")
        let paused = snapshot([daily()], at: t - 600, pausedUntil: try! CalendarDate(parsing: "2026-12-08"))
        XCTAssertTrue(paused.waking.isEmpty, "a paused alarm has no phase")
        XCTAssertEqual(paused.wakeUpPhases.map(\.ring), [t + 86_400], "the pause's date rings again, with its phase")
    }

    func testAMovedRingMovesItsPhase() {
        var moved = daily()
        moved.shift = RingShift(from: t, to: t + 1_800)
        XCTAssertTrue(snapshot([moved], at: t - 600).waking.isEmpty, "not waking before the old time any more")
        XCTAssertEqual(snapshot([moved], at: t + 600).waking.map(\.start), [t + 600])
        XCTAssertEqual(snapshot([moved], at: t + 600).waking.map(\.ring), [t + 1_800])
    }

    func testTheEndOfASnoozeHasNoPhase() {
        var state = DaemonState()
        state.snoozes[daily().stateKey] = PendingSnooze(until: t - 300, count: 1)
        let phases = snapshot([daily()], at: t - 900, state: state).wakeUpPhases
        XCTAssertEqual(phases.map(\.ring), [t], "only the scheduled ring")
    }

    func testProgressIsSaidOnceAMinuteAndTheStartOnce() {
        var plan = WakeUpPlan()
        let phases = snapshot([daily(wakeUp: 600)], at: t - 3_600).wakeUpPhases
        var (events, next) = plan.step(phases, now: t - 3_600)
        XCTAssertEqual(events, [])
        XCTAssertEqual(next, t - 600, "the timer wakes at the phase's start")
        var said: [DaemonEvent] = []
        var wakes: [Int] = []
        while let due = next, due < t {
            wakes.append(due)
            (events, next) = plan.step(phases, now: due)
            said += events
        }
        XCTAssertEqual(wakes, Array(stride(from: t - 600, to: t, by: 60)), "one wake a minute, none at the ring (the ring's own timer)")
        XCTAssertEqual(said.first, .waking(id: "work", ring: t, seconds: 600, sound: nil))
        XCTAssertEqual(said.dropFirst(), ArraySlice((1...9).map { DaemonEvent.wakingProgress(id: "work", ring: t, progress: Double($0 * 60) / 600) }))
        XCTAssertEqual(plan.step(phases, now: t - 60).events, [], "a second look in the same step says nothing")
        XCTAssertEqual(plan.step(phases, now: t - 59).next, nil, "nothing more before the ring")
    }

    func testAShortPhaseStepsEveryTenthAndALongOneEveryMinute() {
        XCTAssertEqual(WakeUpPhase(alarm: daily(wakeUp: 6), ring: t).updateInterval, 1)
        XCTAssertEqual(WakeUpPhase(alarm: daily(wakeUp: 300), ring: t).updateInterval, 30)
        XCTAssertEqual(WakeUpPhase(alarm: daily(wakeUp: 1_200), ring: t).updateInterval, 60)
        XCTAssertEqual(WakeUpPhase(alarm: daily(wakeUp: 1_200), ring: t).nextUpdate(after: t - 1_200 + 59), t - 1_200 + 60)
    }

    func testStopDuringThePhaseDismissesThatRingOnlyAndSnoozeIsRefused() {
        let clock = ManualClock(Instant(seconds: t - 300))
        var model = ScheduleModel(clock: clock)
        let work = daily()
        withTimeZone("UTC") {
            model.use([work], pausedUntil: nil)
            _ = model.evaluate()
            guard case let .failure(refusal) = model.snooze(nil) else { return XCTFail("a snooze while waking is refused") }
            XCTAssertTrue(refusal.message.contains("work is waking up"), refusal.message)
            XCTAssertEqual(try? model.stop(nil).get().description, "stopped waking work: the Mon 07 Dec 07:00 ring will not come")
            XCTAssertEqual(model.drainOutcomes(), [.wakeUpStopped(work, ring: t)])
            XCTAssertEqual(model.evaluate()?.at, t + 86_400, "tomorrow rings as usual")
            XCTAssertTrue(model.snapshot(heard: nil, bell: false).waking.isEmpty)
            XCTAssertEqual(model.snapshot(heard: nil, bell: false).wakeUpPhases.map(\.ring), [t + 86_400])
            clock.set(Instant(seconds: t + 5))
            _ = model.evaluate()
            XCTAssertEqual(model.drainOutcomes(), [], "nothing fired at the dismissed second")
        }
    }

    func testAStopWithNothingWakingIsRefusedAsBefore() {
        var model = ScheduleModel(clock: ManualClock(Instant(seconds: t - 3_600)))
        let work = daily()
        withTimeZone("UTC") {
            model.use([work], pausedUntil: nil)
            guard case let .failure(refusal) = model.stop(nil) else { return XCTFail("nothing to stop") }
            XCTAssertEqual(refusal.message, "nothing is ringing")
        }
    }
}
