import Foundation
import XCTest

/// `run --mqtt` against a real Mosquitto broker, checked with mosquitto_sub and mosquitto_pub.
final class RunMQTTTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private let workAlarm = "{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}"

    private func startRun(_ broker: MosquittoBroker, id: String = "pi1", extra: [String] = []) throws -> RunningProcess {
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", id] + extra)
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        return run
    }

    func testDiscoveryAvailabilityAndStatesAreRetained() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        try scenario.writeAlarms([workAlarm])
        let run = try startRun(broker, extra: ["--mqtt-name", "Bedroom alarm"])
        Thread.sleep(forTimeInterval: 0.5)
        let retained = try broker.retained()
        XCTAssertEqual(retained["alarmplay/pi1/availability"], "online")
        XCTAssertEqual(retained["alarmplay/pi1/ringing"], "OFF")
        XCTAssertEqual(retained["alarmplay/pi1/alarm/work/enabled"], "ON")
        XCTAssertEqual(retained["alarmplay/pi1/alarm/work/time"], "06:45")
        let next = try XCTUnwrap(retained["alarmplay/pi1/next"])
        XCTAssertNotNil(try NSRegularExpression(pattern: #"^\d{4}-\d\d-\d\dT06:45:00\+00:00$"#).firstMatch(in: next, range: NSRange(next.startIndex..., in: next)), next)
        XCTAssertEqual(json(retained["alarmplay/pi1/next/attributes"])["id"] as? String, "work")
        let discovery = json(retained["homeassistant/device/alarmplay_pi1/config"])
        XCTAssertEqual((discovery["device"] as? [String: Any])?["name"] as? String, "Bedroom alarm")
        XCTAssertEqual(discovery["availability_topic"] as? String, "alarmplay/pi1/availability")
        let components = try XCTUnwrap(discovery["components"] as? [String: [String: Any]])
        XCTAssertEqual(components["next"]?["device_class"] as? String, "timestamp")
        XCTAssertEqual(components["alarm_work_enabled"]?["platform"] as? String, "switch")
        XCTAssertNil(retained["alarmplay/pi1/event"], "events are never retained")

        // Removing the alarm removes its entities: once as platform-only, and its states go.
        try scenario.writeAlarms([])
        XCTAssertNotNil(run.waitForLog("event=reloaded count=0", timeout: 5))
        Thread.sleep(forTimeInterval: 0.5)
        let after = try broker.retained()
        let cleaned = try XCTUnwrap(json(after["homeassistant/device/alarmplay_pi1/config"])["components"] as? [String: [String: Any]])
        XCTAssertEqual(cleaned["alarm_work_enabled"]?.count, 1, "\(cleaned["alarm_work_enabled"] ?? [:])")
        XCTAssertNil(after["alarmplay/pi1/alarm/work/enabled"], "no ghost states")
        XCTAssertEqual(after["alarmplay/pi1/next"], "None")

        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        XCTAssertEqual(try broker.retained("alarmplay/pi1/availability")["alarmplay/pi1/availability"], "offline", "a clean stop says offline")
    }

    func testFiredSnoozedAndStoppedReachHomeAssistantWithinASecond() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"soon\", \"label\": \"Wake\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"snooze\": \"1m\"}"])
        let subscriber = try broker.subscriber("alarmplay/pi1/#")
        let run = try startRun(broker)
        let fired = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/event", timeout: 8) { $0.payload.contains("\"fired\"") }, run.stderr)
        XCTAssertFalse(fired.retained)
        XCTAssertEqual(json(fired.payload)["id"] as? String, "soon")
        XCTAssertEqual(json(fired.payload)["label"] as? String, "Wake")
        XCTAssertTrue(json(fired.payload)["late_ms"] is NSNumber, "numbers reach MQTT as JSON numbers: \(fired.payload)")
        XCTAssertLessThan(fired.time.timeIntervalSince(due.date), 1)
        let ringing = try XCTUnwrap(subscriber.wait(for: "alarmplay/pi1/ringing") { $0.payload == "ON" })
        XCTAssertLessThan(ringing.time.timeIntervalSince(due.date), 1)

        try broker.publish("alarmplay/pi1/snooze/set", "PRESS")
        XCTAssertNotNil(run.waitForLog("event=snoozed id=soon", timeout: 3), run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"snoozed\"") })
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/ringing") { $0.payload == "OFF" })
        try broker.publish("alarmplay/pi1/stop/set", "PRESS")
        XCTAssertNotNil(run.waitForLog("event=stopped id=soon", timeout: 3), run.stderr)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"stopped\"") })
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testCommandsChangeTheFileAndBadOnesChangeNothing() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        try scenario.writeAlarms([workAlarm])
        // States only (five levels): the bad payloads sent to the command topics are not echoed back.
        let subscriber = try broker.subscriber("alarmplay/pi1/alarm/+/+")
        let run = try startRun(broker)
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/enabled"))

        try broker.publish("alarmplay/pi1/alarm/work/enabled/set", "OFF")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/enabled") { $0.payload == "OFF" }, run.stderr)
        try broker.publish("alarmplay/pi1/alarm/work/time/set", "7:15")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/time") { $0.payload == "07:15" }, run.stderr)
        var file = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        XCTAssertTrue(file.contains("\"enabled\": false") && file.contains("\"time\": \"07:15\""), file)
        XCTAssertTrue(file.contains("\"days\": \"weekdays\""), "untouched fields stay as written: \(file)")

        let before = file
        let timeStates = subscriber.on("alarmplay/pi1/alarm/work/time").count
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        _ = FileManager.default.createFile(atPath: scratch.file("latin1"), contents: Data([0x4F, 0x4E, 0xFF]))
        _ = FileManager.default.createFile(atPath: scratch.file("huge"), contents: Data(repeating: 0x41, count: 1 << 20))
        let bad: [(String, String?, String, String)] = [
            ("alarmplay/pi1/alarm/work/time/set", nil, "25:00", "hour 25 out of range"),
            ("alarmplay/pi1/alarm/work/enabled/set", nil, "MAYBE", "is not ON or OFF"),
            ("alarmplay/pi1/alarm/nobody/enabled/set", nil, "ON", "unknown alarm"),
            ("alarmplay/pi1/alarm/work/enabled/set", scratch.file("latin1"), "", "not UTF-8"),
            ("alarmplay/pi1/alarm/work/time/set", scratch.file("huge"), "", "at most 256"),
        ]
        for (index, (topic, path, payload, reason)) in bad.enumerated() {
            try broker.publish(topic, file: path, payload: payload)
            XCTAssertNotNil(run.waitForLog("event=mqtt_rejected", count: index + 1, timeout: 5), "\(topic) \(payload)")
            XCTAssertTrue(run.logLines("event=mqtt_rejected").last?.contains(reason) == true, run.stderr)
        }
        file = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        XCTAssertEqual(file, before, "bad payloads change nothing")
        XCTAssertNotNil(subscriber.wait(for: "alarmplay/pi1/alarm/work/time") { _ in subscriber.on("alarmplay/pi1/alarm/work/time").count > timeStates },
                        "the state is published again so the control springs back")
        XCTAssertEqual(subscriber.on("alarmplay/pi1/alarm/work/time").last?.payload, "07:15")
        XCTAssertTrue(run.isRunning)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testARetainedPressIsIgnoredAndHomeAssistantOnlineRepublishes() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        try broker.publish("alarmplay/pi1/stop/set", "PRESS", retain: true)
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0}"])
        let subscriber = try broker.subscriber("homeassistant/device/#")
        let run = try startRun(broker)
        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 8), run.stderr)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertTrue(run.logLines("event=stopped").isEmpty, "a retained stop acted: \(run.stderr)")
        XCTAssertTrue(run.logLines("event=mqtt_rejected").isEmpty, run.stderr)

        let discoveries = subscriber.on("homeassistant/device/alarmplay_pi1/config").count
        try broker.publish("homeassistant/status", "online")
        XCTAssertNotNil(subscriber.wait(for: "homeassistant/device/alarmplay_pi1/config", timeout: 7) { _ in
            subscriber.on("homeassistant/device/alarmplay_pi1/config").count > discoveries
        }, "no discovery after Home Assistant came online")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testABrokerThatDiesDoesNotDelayAlarmsAndIsRejoined() throws {
        let broker = try MosquittoBroker(tcp: true)
        try broker.start()
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms(["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2s\"}"])
        let run = try startRun(broker)
        broker.stop()
        XCTAssertNotNil(run.waitForLog("event=mqtt_disconnected", timeout: 5), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 8), run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first)
        XCTAssertLessThan(Int(fired.components(separatedBy: "late_ms=").last!.prefix { $0.isNumber }) ?? 9999, onItsSecond, fired)
        XCTAssertEqual(run.logLines("event=mqtt_disconnected").count, 1, "logged once per outage, not per retry")
        try broker.start()
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", count: 2, timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        let retained = try broker.retained()
        XCTAssertEqual(retained["alarmplay/pi1/availability"], "online")
        XCTAssertNotNil(retained["homeassistant/device/alarmplay_pi1/config"], "discovery again on the fresh broker")
        XCTAssertNotNil(retained["alarmplay/pi1/ringing"])
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// A broker given by name is looked up off the loop: a name that resolves connects, one that
    /// does not is a logged disconnection while `run` answers at once.
    func testABrokerByNameIsLookedUpWithoutHoldingTheLoop() throws {
        let broker = try MosquittoBroker(tcp: true)
        try broker.start()
        try scenario.writeAlarms([workAlarm])
        let named = try scenario.startRun(["--mqtt", "mqtt://localhost:\(broker.port)", "--mqtt-id", "pi1"])
        XCTAssertNotNil(named.waitForLog("event=mqtt_connected", timeout: 10), named.stderr)
        named.signal(SIGTERM)
        XCTAssertEqual(named.wait(timeout: 10).status, 0)

        let unknown = try scenario.startRun(["--mqtt", "mqtt://no-such-broker.invalid", "--mqtt-id", "pi1"])
        XCTAssertNotNil(unknown.waitForLog("event=mqtt_disconnected", timeout: 10), unknown.stderr)
        XCTAssertTrue(unknown.logLines("event=mqtt_disconnected").first?.contains("cannot resolve no-such-broker.invalid") == true,
                      unknown.stderr)
        let start = Date()
        XCTAssertEqual(try scenario.control(["status"]).status, 0)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        unknown.signal(SIGTERM)
        XCTAssertEqual(unknown.wait(timeout: 10).status, 0)
    }

    /// A name whose first address has no broker (Debian's `localhost` is `::1` before `127.0.0.1`)
    /// connects on the next one. The name is given both addresses in a private `/etc/hosts`
    /// (a mount namespace of `run`'s own), so the case is the same on every machine.
    func testABrokerByNameIsReachedOnItsNextAddress() throws {
        try requireMount("a private /etc/hosts in a mount namespace")
        let broker = try MosquittoBroker(tcp: true)
        try broker.start()
        try scenario.writeAlarms([workAlarm])
        try scenario.home.write("hosts", "127.0.0.1 brokerhost\n::1 brokerhost\n")
        let run = RunningProcess(
            ["-m", "sh", "-c", "mount --bind \"$0\" /etc/hosts && exec \"$@\"", scenario.home.file("hosts"), AlarmPlayBinary.path,
             "run", "--alarms", scenario.alarmsPath, "--device", "null", "--no-http",
             "--mqtt", "mqtt://brokerhost:\(broker.port)", "--mqtt-id", "pi1"],
            environment: scenario.environment, executable: "/usr/bin/unshare")
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        XCTAssertEqual(run.logLines("event=mqtt_disconnected"), [], "the second address was tried only after a backoff")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testTwoDevicesOneHouseholdStopAndAKilledRunGoesOffline() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let due = scenario.at(secondsAhead: 3)
        let alarm = "{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0}"
        try scenario.writeAlarms([alarm])
        let first = try startRun(broker, id: "bedroom")
        let second = RunScenario.sharing(scenario)
        try second.home.write("alarms.json", "{\"alarms\": [\(alarm)]}\n")
        let other = try second.startRun(["--mqtt", broker.url, "--mqtt-id", "study"])
        XCTAssertNotNil(other.waitForLog("event=mqtt_connected", timeout: 10), other.stderr)
        Thread.sleep(forTimeInterval: 0.3)
        let retained = try broker.retained("homeassistant/device/+/config")
        XCTAssertEqual(Set(retained.keys), ["homeassistant/device/alarmplay_bedroom/config", "homeassistant/device/alarmplay_study/config"])

        XCTAssertNotNil(first.waitForLog("event=fired id=soon", timeout: 8), first.stderr)
        XCTAssertNotNil(other.waitForLog("event=fired id=soon", timeout: 8), other.stderr)
        try broker.publish("alarmplay/all/stop", "PRESS")
        XCTAssertNotNil(first.waitForLog("event=stopped id=soon", timeout: 3), first.stderr)
        XCTAssertNotNil(other.waitForLog("event=stopped id=soon", timeout: 3), other.stderr)

        kill(other.processIdentifier, SIGKILL)
        _ = other.wait(timeout: 5)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try broker.retained("alarmplay/study/availability")["alarmplay/study/availability"], "offline", "the will")
        XCTAssertEqual(try broker.retained("alarmplay/bedroom/availability")["alarmplay/bedroom/availability"], "online")
        first.signal(SIGTERM)
        XCTAssertEqual(first.wait(timeout: 10).status, 0)
        second.home.remove()
    }
}
