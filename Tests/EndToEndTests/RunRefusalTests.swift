import Foundation
import XCTest

/// One command, one refusal, rendered by each face in its own terms: `snooze` with nothing
/// ringing is an error line on the socket and exit 1 from the CLI, HTTP 409 from the page's API,
/// and an MQTT refusal event (and a logged rejection that springs Home Assistant's button back),
/// all with the same words.
final class RunRefusalTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testSnoozeWithNothingRingingIsRefusedAlikeByEveryFace() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        try scenario.writeAlarms(["{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}"])
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", "pi1"])
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        let web = try WebClient(run: run, home: scenario.home)
        let events = try broker.subscriber("alarmplay/pi1/event")
        Thread.sleep(forTimeInterval: 0.3)

        let socket = try SocketClient(path: scenario.socketPath)
        XCTAssertTrue(socket.send("snooze\n"))
        XCTAssertEqual(socket.receiveAll(timeout: 5).text, "error conflict: nothing is ringing\n", "the kind in a word, for scripts")
        let cli = try scenario.control(["snooze"])
        XCTAssertEqual(cli.status, 75, cli.stderr)
        XCTAssertEqual(cli.stderr, "alarmplay: error: nothing is ringing\n")

        let page = try web.send("POST", "/api/snooze")
        XCTAssertEqual(page.status, 409, page.body)
        XCTAssertEqual(page.error, "nothing is ringing")

        XCTAssertEqual(try broker.publish("alarmplay/pi1/snooze/set", "PRESS"), 0)
        XCTAssertNotNil(run.waitForLog("event=mqtt_rejected", timeout: 5), run.stderr)
        let rejected = try XCTUnwrap(run.logLines("event=mqtt_rejected").first)
        XCTAssertTrue(rejected.contains("topic=alarmplay/pi1/snooze/set kind=conflict reason=\"nothing is ringing\""), rejected)
        let event = try XCTUnwrap(events.wait(for: "alarmplay/pi1/event") { $0.payload.contains("\"rejected\"") })
        let payload = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(event.payload.utf8)) as? [String: Any])
        XCTAssertEqual(payload["reason"] as? String, "nothing is ringing")
        XCTAssertEqual(payload["kind"] as? String, "conflict")
        XCTAssertEqual(payload["topic"] as? String, "alarmplay/pi1/snooze/set")

        // A refusal changes nothing: still nothing ringing, the same next ring.
        let status = try scenario.control(["status", "--json"])
        XCTAssertTrue(status.stdout.contains("\"ringing\": []"), status.stdout)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
