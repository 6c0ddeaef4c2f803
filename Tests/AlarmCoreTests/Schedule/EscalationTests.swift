@testable import AlarmCore
import UnitTestSupport
import XCTest

/// `escalate` as the schedule times it: each step is a deadline while the alarm rings unanswered,
/// like the end of its ring, and a snooze starts the next ring from its first step.
final class EscalationTests: XCTestCase {
    private let t = instant("2026-12-07T08:00:00+00:00")

    private func alarm(_ steps: [Escalation]) -> Alarm {
        var made = withTimeZone("UTC") {
            let local = LocalTimeZone.current.localTime(at: t)
            return Alarm(id: "deep", position: 1, time: local.time, repeats: .date(local.date))
        }
        made.settings.ringFor = 600
        made.settings.snooze = 60
        made.settings.escalate = steps
        return made
    }

    func testEachStepIsADeadlineOnItsSecond() {
        let steps = [Escalation(after: 120, volume: 1.0), Escalation(after: 300, sound: .name("tone:beep"))]
        let deep = alarm(steps)
        let loop = withTimeZone("UTC") { () -> LoopReplay in
            var loop = LoopReplay([deep], at: t - 10)
            loop.run(until: t + 119)
            XCTAssertEqual(loop.deadline, Instant(seconds: t + 120), "woken for the step, not only for the ring's end")
            loop.run(until: t + 400)
            return loop
        }
        XCTAssertEqual(loop.log, ["prepared deep \(t)", "fired deep \(t) late_ms=0", "escalated deep step=1", "escalated deep step=2"])
        XCTAssertEqual(loop.model.ringing.first?.escalated, 2)
        XCTAssertEqual(loop.deadline, Instant(seconds: t + 600), "then only the ring's end")
    }

    func testASnoozeBeforeAStepCancelsItAndTheNextRingStartsFromTheFirst() {
        let deep = alarm([Escalation(after: 120, volume: 1.0)])
        let loop = withTimeZone("UTC") { () -> LoopReplay in
            var loop = LoopReplay([deep], at: t - 10)
            loop.run(until: t + 100)
            loop.request { _ = $0.snooze(nil) }
            loop.run(until: t + 100 + 60 + 119)
            return loop
        }
        XCTAssertFalse(loop.log.contains("escalated deep step=1"), "\(loop.log)")
        XCTAssertEqual(loop.model.ringing.first?.escalated, 0)
    }
}
