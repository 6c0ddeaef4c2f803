import AlarmCore
import MQTTClient
import FaceMQTT
import UnitTestSupport
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
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/shift/set", "07:30")?.get(), .shift(alarm: "work", .time(try TimeOfDay(parsing: "07:30"))))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/shift/set", "+30m")?.get(), .shift(alarm: "work", .by(seconds: 1_800)))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/shift/set", "CLEAR")?.get(), .shift(alarm: "work", nil))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/shift/set", "")?.get(), .shift(alarm: "work", nil))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/sound/set", "tone:beep")?.get(), .change(alarm: "work", change("sound", "tone:beep")))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/volume/set", "65")?.get(), .change(alarm: "work", change("volume", .double(0.65))))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/volume/set", "33.0")?.get(), .change(alarm: "work", change("volume", .double(0.33))))
        XCTAssertEqual(try parse("alarmplay/pi1/alarm/work/snooze/set", "10.0")?.get(), .change(alarm: "work", change("snooze", "10m")))
        XCTAssertEqual(try parse("homeassistant/status", "online")?.get(), .homeAssistantOnline)
        XCTAssertNil(parse("homeassistant/status", "offline"))
    }

    private func change(_ key: String, _ value: JSONValue) -> AlarmChanges {
        var changes = AlarmChanges()
        changes.set(key, value)
        return changes
    }

    func testBadPayloadsAreRefusedWithTheReason() {
        let cases: [(String, [UInt8], String)] = [
            ("alarmplay/pi1/alarm/work/time/set", Array("25:00".utf8), "hour 25 out of range (00-23)"),
            ("alarmplay/pi1/alarm/work/enabled/set", Array("MAYBE".utf8), "\"MAYBE\" is not ON or OFF"),
            ("alarmplay/pi1/alarm/work/volume/set", Array("101".utf8), "\"101\" is not a volume from 0 to 100"),
            ("alarmplay/pi1/alarm/work/snooze/set", Array("0".utf8), "\"0\" is not a whole number of minutes from 1 to 60"),
            ("alarmplay/pi1/alarm/work/snooze/set", Array("2.5".utf8), "\"2.5\" is not a whole number of minutes from 1 to 60"),
            ("alarmplay/pi1/alarm/work/shift/set", Array("soon".utf8),
             "invalid time \"soon\" (expected HH:MM or HH:MM:SS, 24-hour, or 12-hour such as 6:45pm) (send 07:30, +30m, -15m or CLEAR)"),
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
