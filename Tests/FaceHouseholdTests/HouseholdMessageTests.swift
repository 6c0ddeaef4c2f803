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

    private func parse(_ topic: String, _ payload: String) -> Result<HouseholdMessage, MQTTRejection>? {
        HouseholdMessage.parse(topic: topic, payload: Array(payload.utf8))
    }

    func testARingAndItsEndsReadBackAsSent() {
        for message in [HouseholdMessage.ring(ring), .ended(ring: ring.ring, by: "kitchen-00000001", snoozed: false),
                        .ended(ring: ring.ring, by: "kitchen-00000001", snoozed: true)] {
            XCTAssertEqual(parse(message.topic, message.payload), .success(message), message.payload)
        }
        XCTAssertEqual(HouseholdMessage.ring(ring).payload,
                       #"{"ring": "bedroom-1a2b3c4d-1796141402-1", "origin": "bedroom-1a2b3c4d", "origin_name": "Bedroom", "alarm": "deep", "label": "Wake Sam"}"#)
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
        ]
        for (topic, payload, reason) in cases {
            XCTAssertEqual(parse(topic, payload), .failure(MQTTRejection(topic: topic, reason: reason)), payload)
        }
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
