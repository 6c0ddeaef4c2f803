import Foundation
import XCTest

/// What the check before a ring found, and the reports, over a real Mosquitto broker: the
/// `problem` binary sensor with the reasons as attributes, and the events on the event topic.
final class RunPreflightMQTTTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testTheProblemSensorAndTheEventsReachHomeAssistant() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let events = try broker.subscriber("alarmplay/pi1/event")
        let due = scenario.at(secondsAhead: 7)
        try scenario.writeAlarms([
            "{\"id\": \"two\", \(due.json), \"sound\": \"tone:beep\", \"devices\": [\"nosuchpcm\", \"pulse\"], \"ringFor\": \"2s\", \"preflight\": \"5s\"}",
        ])
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", "pi1"])
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=preflight_failed id=two", timeout: 10), run.stderr)
        let failed = try XCTUnwrap(events.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"event_type\": \"preflight_failed\"") },
                                   "no preflight_failed event: \(events.process.stdout)")
        XCTAssertTrue(failed.payload.contains("\"id\": \"two\""), failed.payload)
        Thread.sleep(forTimeInterval: 0.5)
        let retained = try broker.retained()
        XCTAssertEqual(retained["alarmplay/pi1/problem"], "ON")
        let attributes = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((retained["alarmplay/pi1/problem/attributes"] ?? "").utf8)) as? [String: Any])
        let reasons = try XCTUnwrap(attributes["reasons"] as? [String])
        XCTAssertTrue(reasons.contains { $0.hasPrefix("two: cannot open audio device \"nosuchpcm\"") }, "\(reasons)")
        let discovery = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((retained["homeassistant/device/alarmplay_pi1/config"] ?? "").utf8)) as? [String: Any])
        let problem = (discovery["components"] as? [String: [String: Any]])?["problem"]
        XCTAssertEqual(problem?["device_class"] as? String, "problem")

        XCTAssertNotNil(run.waitForLog("event=ring_degraded id=two", timeout: 10), run.stderr)
        XCTAssertNotNil(events.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"event_type\": \"ring_degraded\"") },
                        "no ring_degraded event: \(events.process.stdout)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
