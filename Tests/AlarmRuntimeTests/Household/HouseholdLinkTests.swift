@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

/// What the household link sends, ends and rings, without a broker.
final class HouseholdLinkTests: XCTestCase {
    private let now = 1_796_000_000

    private func ringing(household: Bool) -> RingingAlarm {
        var wake = alarm("06:45", days("daily"), id: "wake")
        wake.settings.escalate = [Escalation(after: 60, household: household)]
        return RingingAlarm(alarm: wake, since: Instant(seconds: now - 60), snoozesUsed: 0)
    }

    func testAHouseholdStepSendsTheRingAndItsStopEndsIt() {
        var link = HouseholdLink(instance: "pi1-abc", deviceName: "Bedroom")
        let sent = link.follow(.escalated(id: "wake", step: 1, volume: nil, sound: nil), ringing: [ringing(household: true)], now: now)
        guard case let .householdRingSent(id, ring)? = sent.first else { return XCTFail("\(sent)") }
        XCTAssertEqual(id, "wake")
        XCTAssertEqual(ring.origin, "pi1-abc")
        let ended = link.follow(.stopped(id: "wake", rangSeconds: 70), ringing: [], now: now + 10)
        XCTAssertEqual(ended, [.householdStopSent(id: "wake", ring: ring.ring, snoozed: false)])
        XCTAssertEqual(link.follow(.stopped(id: "wake", rangSeconds: 70), ringing: [], now: now + 11), [], "ended once")
    }

    func testAStepThatIsNotTheHouseholdsOrNoBrokerSendsNothing() {
        var link = HouseholdLink(instance: "pi1-abc", deviceName: "Bedroom")
        XCTAssertEqual(link.follow(.escalated(id: "wake", step: 1, volume: nil, sound: nil), ringing: [ringing(household: false)], now: now), [])
        var alone = HouseholdLink(instance: nil, deviceName: nil)
        let said = alone.follow(.escalated(id: "wake", step: 1, volume: nil, sound: nil), ringing: [ringing(household: true)], now: now)
        XCTAssertEqual(said, [.face(.broker(.householdNotSent(id: "wake", reason: "run has no --mqtt broker to reach the household")))])
    }

    func testAnothersRingRingsHereOnceWithoutFadeOrEscalationAndOwnRingsAreIgnored() {
        var link = HouseholdLink(instance: "pi2-def", deviceName: "Kitchen")
        var defaults = AlarmSettings.builtIn
        defaults.fadeIn = 30
        let ring = HouseholdRing(ring: "r1", origin: "pi1-abc", originName: "Bedroom", alarm: "wake", label: nil)
        let (alarm, reply) = link.receive(ring, defaults: defaults, position: 3, at: now + 1)
        XCTAssertEqual(alarm?.settings.fadeIn, 0)
        XCTAssertEqual(alarm?.settings.escalate, [])
        XCTAssertEqual(alarm?.label, "wake (household: Bedroom)")
        guard case .value = reply else { return XCTFail("\(reply)") }
        XCTAssertNil(link.receive(ring, defaults: defaults, position: 4, at: now + 2).alarm, "already rings")
        let own = HouseholdRing(ring: "r2", origin: "pi2-def", originName: "Kitchen", alarm: "wake", label: nil)
        XCTAssertNil(link.receive(own, defaults: defaults, position: 4, at: now + 2).alarm)
    }
}
