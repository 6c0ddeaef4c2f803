@testable import AlarmCore
import UnitTestSupport
import XCTest

/// A moved ring through `run`'s schedule model with a fake clock: it rings at its new time, not
/// at the old one, and the day after the alarm rings at its own time.
final class RingShiftModelTests: XCTestCase {
    private let t = instant("2026-12-07T08:00:00+00:00")

    private func daily(shiftBy seconds: Int) -> Alarm {
        var work = withTimeZone("UTC") { alarm("08:00", .weekly(.daily), id: "work") }
        work.settings.ringFor = 5
        work.shift = RingShift(from: t, to: t + seconds)
        return work
    }

    func testTheMovedRingFiresAtItsNewTimeAndTheNextDayAsUsual() {
        let work = daily(shiftBy: 1_800)
        let loop = withTimeZone("UTC") { () -> LoopReplay in
            var loop = LoopReplay([work], at: t - 10)
            XCTAssertEqual(loop.due?.at, t + 1_800)
            loop.run(until: t + 1_810)
            XCTAssertEqual(loop.due?.at, t + 86_400)
            XCTAssertEqual(loop.model.snapshot(heard: nil, bell: false).next?.at, t + 86_400)
            loop.run(until: t + 86_410)
            return loop
        }
        XCTAssertEqual(loop.log, [
            "prepared work \(t + 1_800)", "fired work \(t + 1_800) late_ms=0", "silenced work",
            "prepared work \(t + 86_400)", "fired work \(t + 86_400) late_ms=0", "silenced work",
        ])
    }

    func testAnEarlierRingDoesNotRingTwice() {
        let work = daily(shiftBy: -900)
        let loop = withTimeZone("UTC") { () -> LoopReplay in
            var loop = LoopReplay([work], at: t - 1_000)
            loop.run(until: t + 60)
            return loop
        }
        XCTAssertEqual(loop.log, ["prepared work \(t - 900)", "fired work \(t - 900) late_ms=0", "silenced work"])
    }
}
