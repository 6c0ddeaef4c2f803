import AlarmPlayKit
import XCTest

final class MQTTCommandTests: XCTestCase {
    private let device = HomeAssistantDevice(id: "pi1", name: "Bedroom", version: "1")
    private let alarms = ["work": "work", "_3": "#3"]

    private func parse(_ topic: String, _ payload: String) -> Result<MQTTCommand, MQTTRejection>? {
        MQTTCommand.parse(topic: topic, payload: Array(payload.utf8), device: device, alarms: alarms)
    }

    func testCommandTopicsBecomeCommands() {
        XCTAssertEqual(try parse("alarmplay/pi1/snooze/set", "PRESS")?.get(), .snooze)
        XCTAssertEqual(try parse("alarmplay/all/stop", "PRESS")?.get(), .stop)
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/enabled/set", "off")?.get(), .setEnabled(alarm: "work", false))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/_3/enabled/set", "ON")?.get(), .setEnabled(alarm: "#3", true))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/time/set", "7:05")?.get(), .setTime(alarm: "work", "07:05"))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/time/set", "06:45:30")?.get(), .setTime(alarm: "work", "06:45:30"))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/skip/set", "PRESS")?.get(), .skip(alarm: "work"))
        XCTAssertEqual(try parse("homeassistant/status", "online")?.get(), .homeAssistantOnline)
        XCTAssertNil(parse("homeassistant/status", "offline"))
    }

    func testBadPayloadsAreRefusedWithTheReason() {
        let cases: [(String, [UInt8], String)] = [
            ("alarmplay/pi1/alarm/work/time/set", Array("25:00".utf8), "hour 25 out of range (00-23)"),
            ("alarmplay/pi1/alarm/work/enabled/set", Array("MAYBE".utf8), "\"MAYBE\" is not ON or OFF"),
            ("alarmplay/pi1/alarm/nobody/enabled/set", Array("ON".utf8), "unknown alarm \"nobody\" (alarms: _3, work)"),
            ("alarmplay/pi1/alarm/work/enabled/set", [0x4F, 0xFF, 0xFE], "payload is not UTF-8"),
            ("alarmplay/pi1/alarm/work/enabled/set", Array(repeating: 0x41, count: 1 << 20), "payload of 1048576 bytes; at most 256"),
        ]
        for (topic, payload, reason) in cases {
            guard case let .failure(rejection)? = MQTTCommand.parse(topic: topic, payload: payload, device: device, alarms: alarms) else {
                XCTFail("accepted \(topic)")
                continue
            }
            XCTAssertEqual(rejection.reason, reason)
        }
    }
}
