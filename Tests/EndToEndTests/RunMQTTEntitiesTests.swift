import Foundation
import XCTest

/// The per-alarm Home Assistant entities for the sound (a `select`), the volume and the snooze
/// length (`number`s), and the shift command, through a real Mosquitto: discovery as Home
/// Assistant's schemas want it, commands that change the alarms file, bad values refused.
final class RunMQTTEntitiesTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func alarmsFile() throws -> String { try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8) }

    private func startRun(_ broker: MosquittoBroker) throws -> RunningProcess {
        try scenario.writeAlarms(["{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"daily\", \"sound\": \"tone:beep\", \"volume\": 0.8, \"snooze\": \"9m\"}"])
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", "pi1"])
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        return run
    }

    func testSoundVolumeAndSnoozeEntitiesAreAnnouncedAndChangeTheFile() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let subscriber = try broker.subscriber("alarmplay/pi1/alarm/+/+")
        let run = try startRun(broker)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/snooze"))
        let retained = try broker.retained()
        XCTAssertEqual(retained["alarmplay/pi1/alarm/work/sound"], "tone:beep")
        XCTAssertEqual(retained["alarmplay/pi1/alarm/work/volume"], "80")
        XCTAssertEqual(retained["alarmplay/pi1/alarm/work/snooze"], "9")
        let components = try XCTUnwrap(json(retained["homeassistant/device/alarmplay_pi1/config"])["components"] as? [String: [String: Any]])
        let sound = try XCTUnwrap(components["alarm_work_sound"])
        XCTAssertEqual(sound["platform"] as? String, "select")
        let options = try XCTUnwrap(sound["options"] as? [String])
        XCTAssertTrue(options.contains("tone:beep") && options.contains("file:tone-440"), "\(options)")
        XCTAssertEqual(Set(options).count, options.count, "options are unique")
        let sounds = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try scenario.control(
            ["sounds", "--json", "--sounds", AlarmPlayBinary.fixtures + "/sounds"]).stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(options, sounds.compactMap { $0["name"] as? String }, "the options are the sound names")
        for (key, minimum, maximum, unit) in [("alarm_work_volume", 0, 100, "%"), ("alarm_work_snooze", 1, 60, "min")] {
            let number = try XCTUnwrap(components[key])
            XCTAssertEqual(number["platform"] as? String, "number")
            XCTAssertEqual(number["min"] as? Int, minimum)
            XCTAssertEqual(number["max"] as? Int, maximum)
            XCTAssertEqual(number["step"] as? Int, 1)
            XCTAssertEqual(number["unit_of_measurement"] as? String, unit)
            XCTAssertNotNil(number["command_topic"] as? String)
            XCTAssertNotNil(number["state_topic"] as? String)
        }

        try broker.publish("alarmplay/pi1/alarm/work/sound/set", "file:tone-440")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/sound") { $0.payload == "file:tone-440" }, run.stderr)
        try broker.publish("alarmplay/pi1/alarm/work/volume/set", "35")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/volume") { $0.payload == "35" }, run.stderr)
        try broker.publish("alarmplay/pi1/alarm/work/snooze/set", "15")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/snooze") { $0.payload == "15" }, run.stderr)
        let file = try alarmsFile()
        for expected in ["\"sound\": \"file:tone-440\"", "\"volume\": 0.35", "\"snooze\": \"15m\"", "\"days\": \"daily\""] {
            XCTAssertTrue(file.contains(expected), "\(expected) in \(file)")
        }

        let bad = [
            ("alarmplay/pi1/alarm/work/sound/set", "tone:nosuch", "tone:nosuch"),
            ("alarmplay/pi1/alarm/work/volume/set", "101", "is not a volume from 0 to 100"),
            ("alarmplay/pi1/alarm/work/volume/set", "loud", "is not a volume from 0 to 100"),
            ("alarmplay/pi1/alarm/work/snooze/set", "0", "is not a whole number of minutes from 1 to 60"),
            ("alarmplay/pi1/alarm/work/shift/set", "soon", "invalid time"),
        ]
        for (index, (topic, payload, reason)) in bad.enumerated() {
            try broker.publish(topic, payload)
            XCTAssertNotNil(run.waitForLog("event=mqtt_rejected", count: index + 1, timeout: 5), "\(topic) \(payload): \(run.stderr)")
            XCTAssertTrue(run.logLines("event=mqtt_rejected").last?.contains(reason) == true, run.stderr)
        }
        XCTAssertEqual(try alarmsFile(), file, "bad values change nothing")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testShiftMovesTheNextRingAndClearPutsItBack() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let subscriber = try broker.subscriber("alarmplay/pi1/next/#")
        let run = try startRun(broker)
        let first = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/next"))
        XCTAssertTrue(first.payload.hasSuffix("T06:45:00+00:00"), first.payload)

        try broker.publish("alarmplay/pi1/alarm/work/shift/set", "07:30")
        let moved = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/next") { $0.payload.hasSuffix("T07:30:00+00:00") }, run.stderr)
        XCTAssertEqual(moved.payload.prefix(10), first.payload.prefix(10), "the same day")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/next/attributes") { self.json($0.payload)["shifted_from"] as? String == first.payload })
        let shifted = try alarmsFile()
        XCTAssertTrue(shifted.contains("\"shift\": {"), shifted)

        try broker.publish("alarmplay/pi1/alarm/work/shift/set", "+15m")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/next") { $0.payload.hasSuffix("T07:45:00+00:00") }, run.stderr)
        try broker.publish("alarmplay/pi1/alarm/work/shift/set", "CLEAR")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/next") { $0.payload == first.payload && $0.time > moved.time }, run.stderr)
        let cleared = try alarmsFile()
        XCTAssertFalse(cleared.contains("shift"), cleared)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
