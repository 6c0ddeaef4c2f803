@testable import AlarmCore
import UnitTestSupport
import XCTest

/// The household's clocks compared on receipt: more than a minute apart is said on each side,
/// again only when it moves, and its end once.
final class HouseholdClocksTests: XCTestCase {
    private let now = instant("2026-12-06T21:00:00+00:00")

    /// Kitchen's clock `offset` seconds from this one's at `at` (default `now`).
    private func kitchen(_ offset: Int, at: Int? = nil, synchronised: Bool? = false) -> HouseholdClockReading {
        HouseholdClockReading(member: "kitchen-1a2b3c4d", name: "Kitchen", time: (at ?? now) + offset, synchronised: synchronised)
    }

    func testAMinuteIsTheBrokersLatencyMoreIsADisagreementWithWhoIsSynchronised() {
        var clocks = HouseholdClocks()
        XCTAssertNil(clocks.compare(kitchen(-60), now: now, synchronised: true), "a minute: latency and rounding")
        XCTAssertNil(clocks.compare(kitchen(60), now: now, synchronised: true))
        let behind = ClockDisagreement(member: "kitchen-1a2b3c4d", name: "Kitchen", seconds: -4 * 3600, synchronised: .here, heard: now)
        XCTAssertEqual(clocks.compare(kitchen(-4 * 3600), now: now, synchronised: true), .clockDisagrees(behind))
        XCTAssertEqual(clocks.disagreements, [behind])
        let event = DaemonEvent.clockDisagrees(behind)
        XCTAssertEqual(event.level, .warning)
        XCTAssertEqual(event.name, "clock_disagrees")
        XCTAssertEqual(JSONWriter.compact(.object(event.fields.map { ($0.key, $0.value.json) })),
                       #"{"member": "kitchen-1a2b3c4d", "name": "Kitchen", "difference_s": -14400, "synchronised": "here"}"#)
    }

    func testWhichOfTheTwoTheKernelCallsSynchronised() {
        typealias Side = ClockDisagreement.Synchronised
        XCTAssertEqual(Side(here: true, there: true), .both)
        XCTAssertEqual(Side(here: false, there: false), .neither)
        XCTAssertEqual(Side(here: true, there: nil), .here, "an older member's unknown state is not called synchronised")
        XCTAssertEqual(Side(here: nil, there: true), .there)
    }

    func testTheSameDifferenceIsSaidOnceAMovedOneAgainAndItsEndOnce() {
        var clocks = HouseholdClocks()
        XCTAssertNotNil(clocks.compare(kitchen(-4 * 3600), now: now, synchronised: false))
        XCTAssertNil(clocks.compare(kitchen(-4 * 3600 + 30, at: now + 600), now: now + 600, synchronised: false), "the same, give or take latency")
        XCTAssertEqual(clocks.disagreements.first?.heard, now + 600, "what is shown is the newest")
        XCTAssertNil(clocks.compare(kitchen(-4 * 3600 + 59, at: now + 700), now: now + 700, synchronised: false), "within a minute of what was said")
        guard case let .clockDisagrees(moved)? = clocks.compare(kitchen(-2 * 3600, at: now + 800), now: now + 800, synchronised: false) else {
            return XCTFail("a difference that moved by two hours is said again")
        }
        XCTAssertEqual(moved.seconds, -2 * 3600)
        XCTAssertNotNil(clocks.compare(kitchen(-2 * 3600, at: now + 900, synchronised: true), now: now + 900, synchronised: false),
                       "its kernel now calls it synchronised: said again")
        XCTAssertEqual(clocks.compare(kitchen(-2, at: now + 1000), now: now + 1000, synchronised: false), .clockAgrees(member: "kitchen-1a2b3c4d", seconds: -2))
        XCTAssertEqual(clocks.disagreements, [])
        XCTAssertNil(clocks.compare(kitchen(-1, at: now + 1100), now: now + 1100, synchronised: false), "agreeing is said once")
    }

    func testAFloodOfMembersKeepsTheNewestAndForgettingClearsAll() {
        var clocks = HouseholdClocks()
        for index in 0..<(HouseholdClocks.limit + 5) {
            let reading = HouseholdClockReading(member: "m\(index)", name: "M", time: now + index - 3600, synchronised: nil)
            XCTAssertNotNil(clocks.compare(reading, now: now + index, synchronised: nil))
        }
        XCTAssertEqual(clocks.disagreements.count, HouseholdClocks.limit)
        XCTAssertEqual(clocks.disagreements.last?.member, "m\(HouseholdClocks.limit + 4)")
        XCTAssertFalse(clocks.disagreements.contains { $0.member == "m0" }, "the longest unheard gave way")
        clocks.forgetAll()
        XCTAssertEqual(clocks.disagreements, [])
    }
}
