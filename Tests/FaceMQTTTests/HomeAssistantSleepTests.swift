import XCTest

@testable import AlarmCore
@testable import MQTTClient
@testable import FaceMQTT
import UnitTestSupport

/// The device-level sleep timer entities: valid for Home Assistant's `switch`, `number` and
/// `sensor` schemas, their states from the snapshot, and the commands they send.
final class HomeAssistantSleepTests: XCTestCase {
    private let device = HomeAssistantDevice(id: "pi1", name: "alarmplay on pi1", version: "0.1.0")

    func testEntitiesHaveWhatTheirSchemasRequire() throws {
        let components = try XCTUnwrap(device.discovery([], sounds: [], removed: [:])["components"])
        let toggle = try XCTUnwrap(components["sleep"])
        XCTAssertEqual(toggle["platform"], "switch")
        XCTAssertEqual(toggle["command_topic"]?.stringValue, "alarmplay/pi1/sleep/set")
        XCTAssertEqual(toggle["state_topic"]?.stringValue, "alarmplay/pi1/sleep")
        XCTAssertEqual(toggle["payload_on"], "ON")
        let minutes = try XCTUnwrap(components["sleep_minutes"])
        XCTAssertEqual(minutes["platform"], "number")
        XCTAssertEqual(minutes["command_topic"]?.stringValue, "alarmplay/pi1/sleep/minutes/set")
        XCTAssertEqual(minutes["min"]?.numberValue?.int, 1)
        XCTAssertEqual(minutes["max"]?.numberValue?.int, 240)
        XCTAssertEqual(minutes["step"]?.numberValue?.int, 1)
        XCTAssertEqual(minutes["unit_of_measurement"], "min")
        let left = try XCTUnwrap(components["sleep_left"])
        XCTAssertEqual(left["platform"], "sensor")
        XCTAssertEqual(left["device_class"], "duration")
        XCTAssertEqual(left["unit_of_measurement"], "min")
        XCTAssertEqual(left["json_attributes_topic"]?.stringValue, "alarmplay/pi1/sleep/attributes")
        XCTAssertNil(left["command_topic"])
        XCTAssertTrue(device.commandTopics.contains("alarmplay/pi1/sleep/set"))
        XCTAssertTrue(device.commandTopics.contains("alarmplay/pi1/sleep/minutes/set"))
    }

    func testStatesFollowTheSleepTimer() {
        var snapshot = HomeAssistantDevice.Snapshot(ringing: false, next: nil, alarms: [])
        var states = device.states(snapshot)
        XCTAssertEqual(states["alarmplay/pi1/sleep"], "OFF")
        XCTAssertEqual(states["alarmplay/pi1/sleep/minutes"], "30")
        XCTAssertEqual(states["alarmplay/pi1/sleep/left"], "0")
        XCTAssertEqual(states["alarmplay/pi1/sleep/attributes"], "{\"ends_at\": null, \"sound\": null, \"fade_s\": null}")
        snapshot.sleep = .init(sound: "tone:melody", endsAt: "2026-12-01T23:30:00+00:00", secondsLeft: 1_741, fadeSeconds: 300)
        snapshot.sleepMinutes = 45
        states = device.states(snapshot)
        XCTAssertEqual(states["alarmplay/pi1/sleep"], "ON")
        XCTAssertEqual(states["alarmplay/pi1/sleep/minutes"], "45")
        XCTAssertEqual(states["alarmplay/pi1/sleep/left"], "30", "minutes rounded up")
        XCTAssertEqual(states["alarmplay/pi1/sleep/attributes"], "{\"ends_at\": \"2026-12-01T23:30:00+00:00\", \"sound\": \"tone:melody\", \"fade_s\": 300}")
        XCTAssertEqual(snapshot.sleep?.secondsToNextMinute, 1)
        snapshot.sleep?.secondsLeft = 1_740
        XCTAssertEqual(snapshot.sleep?.minutesLeft, 29)
        XCTAssertEqual(snapshot.sleep?.secondsToNextMinute, 60)
    }

    private func parse(_ topic: String, _ payload: String) -> Result<MQTTCommand, MQTTRejection>? {
        MQTTCommand.parse(topic: topic, payload: Array(payload.utf8), device: device, alarms: [:])
    }

    func testCommandsBecomeTheCoresSleepRequests() throws {
        XCTAssertEqual(try parse("alarmplay/pi1/sleep/set", "ON")?.get().request(sleepMinutes: 45), .startSleep(SleepRequest(seconds: 2_700)))
        XCTAssertEqual(try parse("alarmplay/pi1/sleep/set", "off")?.get().request(sleepMinutes: 45), .stopSleep)
        XCTAssertEqual(try parse("alarmplay/pi1/sleep/set", "1h tone:melody")?.get().request(sleepMinutes: 45),
                       .startSleep(SleepRequest(seconds: 3_600, sound: "tone:melody")))
        XCTAssertEqual(try parse("alarmplay/pi1/sleep/minutes/set", "20")?.get(), .sleepMinutes(20))
        XCTAssertNil(MQTTCommand.sleepMinutes(20).request(sleepMinutes: 45), "the face keeps the number itself")
    }

    func testBadValuesAreRefusedWithTheReason() {
        XCTAssertEqual(parse("alarmplay/pi1/sleep/minutes/set", "0"),
                       .failure(MQTTRejection(topic: "alarmplay/pi1/sleep/minutes/set", reason: "\"0\" is not a whole number of minutes from 1 to 240")))
        XCTAssertEqual(parse("alarmplay/pi1/sleep/minutes/set", "2.5")?.isFailure, true)
        XCTAssertEqual(parse("alarmplay/pi1/sleep/set", "maybe"),
                       .failure(MQTTRejection(topic: "alarmplay/pi1/sleep/set", reason: "send ON, OFF, or a duration and a sound (e.g. \"45m\", \"1h tone:melody\")")))
        XCTAssertEqual(parse("alarmplay/pi1/sleep/set", "25h"),
                       .failure(MQTTRejection(topic: "alarmplay/pi1/sleep/set", reason: "duration must be from 1s to 24h")))
    }
}

private extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
