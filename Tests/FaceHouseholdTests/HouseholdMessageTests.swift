@testable import AlarmCore
@testable import AlarmRuntime
@testable import MQTTClient
@testable import FaceHousehold
import UnitTestSupport
import XCTest

/// The household's messages as they travel, and what a bad one is told.
final class HouseholdMessageTests: XCTestCase {
    private let ring = HouseholdRing(ring: "bedroom-1a2b3c4d-1796141402-1", origin: "bedroom-1a2b3c4d", originName: "Bedroom", alarm: "deep",
                                     label: "Wake Sam")

    private let stamp = HouseholdMessage.Stamp(name: "Bedroom", time: 1_796_141_402, synchronised: false)

    private func parse(_ topic: String, _ payload: String) -> Result<HouseholdMessage, MQTTRejection>? {
        HouseholdMessage.parse(topic: topic, payload: Array(payload.utf8)).map { $0.map(\.message) }
    }

    private func clock(_ topic: String, _ payload: String) -> HouseholdClockReading? {
        guard case let .success(received)? = HouseholdMessage.parse(topic: topic, payload: Array(payload.utf8)) else { return nil }
        return received.clock
    }

    func testARingAndItsEndsReadBackAsSentWithTheSendersClock() {
        for message in [HouseholdMessage.ring(ring), .ended(ring: ring.ring, by: "kitchen-00000001", snoozed: false),
                        .ended(ring: ring.ring, by: "kitchen-00000001", snoozed: true), .clock(from: "kitchen-00000001", ask: true)] {
            let payload = message.payload(stamp)
            XCTAssertEqual(parse(message.topic, payload), .success(message), payload)
            XCTAssertEqual(clock(message.topic, payload),
                           HouseholdClockReading(member: message.sender, name: "Bedroom", time: 1_796_141_402, synchronised: false), payload)
        }
        XCTAssertEqual(HouseholdMessage.ring(ring).payload(stamp),
                       #"{"ring": "bedroom-1a2b3c4d-1796141402-1", "origin": "bedroom-1a2b3c4d", "origin_name": "Bedroom", "alarm": "deep", "label": "Wake Sam", "# +
                       #""sender_name": "Bedroom", "time": 1796141402, "synchronised": false}"#)
        XCTAssertEqual(HouseholdMessage.clock(from: "k", ask: false).payload(HouseholdMessage.Stamp(name: "K", time: 5, synchronised: nil)),
                       #"{"from": "k", "ask": false, "sender_name": "K", "time": 5, "synchronised": null}"#)
        XCTAssertEqual(HouseholdMessage.ended(ring: "r", by: "k", snoozed: true).topic, "alarmplay/household/snooze")
        XCTAssertEqual(HouseholdMessage.ring(ring).sender, "bedroom-1a2b3c4d")
    }

    func testOtherTopicsAreNotTheHouseholdsAndBadPayloadsAreRefusedWithAReason() {
        XCTAssertNil(parse("alarmplay/pi1/stop/set", "PRESS"))
        let cases: [(String, String, String)] = [
            ("alarmplay/household/ring", "PRESS", "payload is not a JSON object"),
            ("alarmplay/household/ring", #"{"origin": "a", "alarm": "b"}"#, "payload needs a \"ring\" string"),
            ("alarmplay/household/ring", #"{"ring": "r", "alarm": "b"}"#, "payload needs \"origin\" and \"alarm\" strings"),
            ("alarmplay/household/stop", #"{"ring": "r"}"#, "payload needs a \"from\" string"),
            ("alarmplay/household/stop", String(repeating: " ", count: 2000), "payload of 2000 bytes; at most 1024"),
            ("alarmplay/household/clock", #"{"time": 5}"#, "payload needs a \"from\" string"),
            ("alarmplay/household/clock", #"{"from": "k"}"#, "payload needs a \"time\" in whole seconds since 1970"),
            ("alarmplay/household/clock", #"{"from": "k", "time": -9223372036854775808}"#, "payload needs a \"time\" in whole seconds since 1970"),
            ("alarmplay/household/clock", #"{"from": "k", "time": "today"}"#, "payload needs a \"time\" in whole seconds since 1970"),
        ]
        for (topic, payload, reason) in cases {
            XCTAssertEqual(parse(topic, payload), .failure(MQTTRejection(topic: topic, reason: reason)), payload)
        }
    }

    /// An older member says no time: its messages are taken as before and compared with nothing;
    /// a time without a state, or a state of another type, is a clock nobody calls synchronised.
    func testAnOlderMembersMessagesLackTheClockAndAreTakenAsBefore() {
        XCTAssertNil(clock("alarmplay/household/stop", #"{"ring": "r", "from": "k"}"#))
        XCTAssertEqual(parse("alarmplay/household/stop", #"{"ring": "r", "from": "k"}"#), .success(.ended(ring: "r", by: "k", snoozed: false)))
        XCTAssertEqual(clock("alarmplay/household/ring", #"{"ring": "r", "origin": "o", "origin_name": "Hall", "alarm": "a", "time": 7, "synchronised": "yes"}"#),
                       HouseholdClockReading(member: "o", name: "Hall", time: 7, synchronised: nil))
        XCTAssertEqual(clock("alarmplay/household/stop", #"{"ring": "r", "from": "k", "time": 1e3}"#)?.name, "k", "the instance stands in for the name")
    }

    func testTheLabelFallsBackToTheAlarmAndTheNameToTheInstance() {
        let bare = parse("alarmplay/household/ring", #"{"ring": "r", "origin": "o", "alarm": "deep"}"#)
        guard case let .success(.ring(received)) = bare else { return XCTFail("\(String(describing: bare))") }
        XCTAssertEqual(received.shownLabel, "deep (household: o)")
    }

    func testTheInstanceIsStableAndTellsApartTwoRunsWithOneDeviceID() {
        let one = HouseholdIdentity.instance(deviceID: "pi", alarmsPath: "/home/a/alarms.json", machineID: "m1")
        XCTAssertEqual(one, HouseholdIdentity.instance(deviceID: "pi", alarmsPath: "/home/a/alarms.json", machineID: "m1"))
        XCTAssertNotEqual(one, HouseholdIdentity.instance(deviceID: "pi", alarmsPath: "/home/b/alarms.json", machineID: "m1"))
        XCTAssertNotEqual(one, HouseholdIdentity.instance(deviceID: "pi", alarmsPath: "/home/a/alarms.json", machineID: "m2"))
        XCTAssertTrue(one.hasPrefix("pi-") && one.count == 11, one)
    }
}
