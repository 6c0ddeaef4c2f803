import AudioTestSupport
import Foundation
import XCTest

/// The device-level sleep timer of Home Assistant through a real Mosquitto and a real `run`: the
/// switch, number and sensor announced as Home Assistant's schemas want them, the switch starting
/// a sleep timer of the number's minutes (heard through the real-time sink) and stopping it, the
/// minutes left counting down, events, and bad values refused.
final class RunMQTTSleepTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testTheSwitchStartsAndStopsASleepTimerOfTheNumbersMinutes() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let subscriber = try broker.subscriber("alarmplay/pi1/#")
        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"daily\"}"])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", "pi1"])
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/sleep/left") { $0.payload == "0" }, run.stderr)
        let retained = try broker.retained()
        XCTAssertEqual(retained["alarmplay/pi1/sleep"], "OFF")
        XCTAssertEqual(retained["alarmplay/pi1/sleep/minutes"], "30")
        let components = try XCTUnwrap(json(retained["homeassistant/device/alarmplay_pi1/config"])["components"] as? [String: [String: Any]])
        let toggle = try XCTUnwrap(components["sleep"])
        XCTAssertEqual(toggle["platform"] as? String, "switch")
        XCTAssertEqual(toggle["command_topic"] as? String, "alarmplay/pi1/sleep/set")
        let number = try XCTUnwrap(components["sleep_minutes"])
        XCTAssertEqual(number["platform"] as? String, "number")
        XCTAssertEqual([number["min"] as? Int, number["max"] as? Int, number["step"] as? Int], [1, 240, 1])
        XCTAssertEqual(number["unit_of_measurement"] as? String, "min")
        let left = try XCTUnwrap(components["sleep_left"])
        XCTAssertEqual(left["platform"] as? String, "sensor")
        XCTAssertEqual(left["device_class"] as? String, "duration")
        XCTAssertEqual(left["json_attributes_topic"] as? String, "alarmplay/pi1/sleep/attributes")
        XCTAssertTrue((json(retained["homeassistant/device/alarmplay_pi1/config"])["components"] as? [String: [String: Any]])?["event"]?["event_types"]
            .map { "\($0)".contains("sleep_ended") } == true)

        try broker.publish("alarmplay/pi1/sleep/minutes/set", "2")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/sleep/minutes") { $0.payload == "2" }, run.stderr)
        let startedAt = Date()
        try broker.publish("alarmplay/pi1/sleep/set", "ON")
        XCTAssertNotNil(run.waitForLog("event=sleep_started sound=tone:melody seconds=120 fade_s=40"), run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/sleep") { $0.payload == "ON" }, run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/sleep/left") { $0.payload == "2" }, run.stderr)
        let attributes = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/sleep/attributes") { $0.payload.contains("tone:melody") })
        XCTAssertNotNil(json(attributes.payload)["ends_at"] as? String, attributes.payload)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"event_type\": \"sleep_started\"") }, run.stderr)
        let status = json(try scenario.control(["status", "--json"]).stdout)
        XCTAssertEqual((status["sleep"] as? [String: Any])?["sound"] as? String, "tone:melody")

        Thread.sleep(forTimeInterval: 1.5)
        let stoppedAt = Date()
        try broker.publish("alarmplay/pi1/sleep/set", "OFF")
        XCTAssertNotNil(run.waitForLog("event=sleep_ended reason=stopped"), run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/sleep") { $0.payload == "OFF" && $0.time > startedAt }, run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"reason\": \"stopped\"") }, run.stderr)
        Thread.sleep(forTimeInterval: 1.0)
        let levels = RecordedLevels(recording, samples: recording.stop())
        XCTAssertTrue(levels.isLoud(from: startedAt.addingTimeInterval(0.5), to: stoppedAt), "the switch starts the sound")
        XCTAssertTrue(levels.isSilent(from: stoppedAt.addingTimeInterval(0.5), to: stoppedAt.addingTimeInterval(1)), "and stops it")

        // A duration and a sound for automations; the minutes left change as a minute passes.
        try broker.publish("alarmplay/pi1/sleep/set", "61s file:tone-440")
        XCTAssertNotNil(run.waitForLog("event=sleep_started sound=file:tone-440 seconds=61"), run.stderr)
        let two = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/sleep/left") { $0.payload == "2" && $0.time > stoppedAt }, run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/sleep/left", timeout: 4) { $0.payload == "1" && $0.time > two.time }, "no minute tick")

        for (index, (topic, payload, reason)) in [
            ("alarmplay/pi1/sleep/minutes/set", "0", "is not a whole number of minutes from 1 to 240"),
            ("alarmplay/pi1/sleep/set", "maybe", "send ON, OFF, or a duration"),
            ("alarmplay/pi1/sleep/set", "10m tone:nosuch", "tone:nosuch"),
        ].enumerated() {
            try broker.publish(topic, payload)
            XCTAssertNotNil(run.waitForLog("event=mqtt_rejected", count: index + 1, timeout: 5), "\(topic) \(payload): \(run.stderr)")
            XCTAssertTrue(run.logLines("event=mqtt_rejected").last?.contains(reason) == true, run.stderr)
        }
        XCTAssertEqual(try broker.retained()["alarmplay/pi1/sleep/minutes"], "2", "a refused value changes nothing")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
