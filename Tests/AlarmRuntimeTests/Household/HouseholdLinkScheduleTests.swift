@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

/// The household's decisions applied to a schedule on a clock the test moves.
final class HouseholdLinkScheduleTests: XCTestCase {
    private let now = 1_796_630_400 // 2026-12-07T00:00:00Z
    private let ring = HouseholdRing(ring: "r1", origin: "pi1-abc", originName: "Bedroom", alarm: "wake", label: nil)

    func testAnothersRingJoinsTheScheduleAndAMembersStopCancelsItBeforeItsSecond() {
        withTimeZone("UTC") {
            var model = ScheduleModel(clock: ManualClock(Instant(seconds: now)))
            var link = HouseholdLink(instance: "pi2-def", deviceName: "Kitchen")
            let taken = link.ring(ring, into: &model, defaults: .builtIn, at: now + 1)
            guard case let .householdRing(id, _)? = taken.said else { return XCTFail("\(String(describing: taken.said))") }
            XCTAssertEqual(model.timers.map(\.alarm.name), [id])
            XCTAssertEqual(model.timers.first?.at, now + 1)
            XCTAssertNil(link.ring(ring, into: &model, defaults: .builtIn, at: now + 2).said, "it rings here already")

            let ended = link.ended("r1", by: "Bedroom", snoozed: false, in: &model)
            XCTAssertEqual(ended.said, .householdStop(id: id, ring: "r1", by: "Bedroom", snoozed: false))
            XCTAssertEqual(ended.reply.line, "ok: stopped \(id)")
            XCTAssertEqual(model.timers.count, 0)
            XCTAssertEqual(model.drainOutcomes(), [], "the household's stop says it; no timer_cancelled for a copy")
            XCTAssertEqual(link.ended("r1", by: "Bedroom", snoozed: false, in: &model).reply.refusal?.kind, .notFound)
        }
    }

    func testASnoozeHereStopsAnothersRingAndTellsTheOriginItWasASnooze() {
        withTimeZone("UTC") {
            let clock = ManualClock(Instant(seconds: now))
            var model = ScheduleModel(clock: clock)
            _ = model.evaluate()
            var link = HouseholdLink(instance: "pi2-def", deviceName: "Kitchen")
            guard case let .householdRing(id, _)? = link.ring(ring, into: &model, defaults: .builtIn, at: now + 1).said else {
                return XCTFail("not taken")
            }
            clock.set(Instant(seconds: now + 1))
            _ = model.evaluate()
            XCTAssertEqual(model.ringing.map(\.alarm.name), [id])

            XCTAssertEqual(link.snooze(nil, in: &model).line, "ok: stopped \(id) here; snoozed where it rang first")
            XCTAssertEqual(model.ringing.count, 0, "no copy of it rings here again")
            XCTAssertEqual(link.follow(.stopped(id: id, rangSeconds: 5), ringing: [], now: now + 6),
                           [.householdStopSent(id: id, ring: "r1", snoozed: true)])
        }
    }
}
