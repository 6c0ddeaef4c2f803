import Foundation
import XCTest

/// The reports (`ring_degraded`, `missed`) are kept in state.json: a restarted `run` still shows
/// the ones not seen, on the page and over MQTT, and "Seen" clears them from the file too.
final class RunReportsTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func reports(_ page: WebClient) throws -> [[String: Any]] {
        try XCTUnwrap(try page.get("/api/status").object["reports"] as? [[String: Any]])
    }

    private func stop(_ run: RunningProcess) {
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }

    func testARingThatEndedOnTheBellIsStillReportedAfterARestartUntilSeen() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"quiet\", \(due.json), \"sound\": \"tone:beep\", \"devices\": [\"nosuchpcm\"], \"ringFor\": \"2s\", \"preflight\": \"0s\"}",
        ])
        let mqtt = ["--mqtt", broker.url, "--mqtt-id", "pi1"]
        var run = try scenario.startRun(mqtt)
        XCTAssertNotNil(run.waitForLog("event=ring_degraded id=quiet", timeout: 15), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=silenced id=quiet", timeout: 10), run.stderr)
        stop(run)
        let state = try String(contentsOfFile: scenario.home.file("state") + "/alarmplay/state.json", encoding: .utf8)
        XCTAssertTrue(state.contains("\"ring_degraded\""), "kept in the state file: \(state)")

        // A fresh broker too: what MQTT shows comes from the restarted run, not from the old retained message.
        broker.stop()
        try broker.start()
        run = try scenario.startRun(mqtt)
        var page = try WebClient(run: run, home: scenario.home)
        XCTAssertEqual(try reports(page).map { $0["event"] as? String }, ["ring_degraded"], "after the restart")
        XCTAssertEqual((try reports(page).first?["reason"] as? String)?.hasPrefix("cannot open audio device \"nosuchpcm\""), true)
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        let retained = try XCTUnwrap(try broker.retained("alarmplay/pi1/reports")["alarmplay/pi1/reports"], run.stderr)
        XCTAssertTrue(retained.contains("\"count\": 1") && retained.contains("\"ring_degraded\""), retained)

        // The page reloaded (a new request) and the file reloaded: still there.
        run.signal(SIGHUP)
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 5), run.stderr)
        XCTAssertEqual(try reports(page).count, 1, "still there after a reload")

        XCTAssertEqual(try page.send("POST", "/api/reports/seen").object["cleared"] as? Int, 1)
        XCTAssertEqual(try reports(page).count, 0)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try broker.retained("alarmplay/pi1/reports")["alarmplay/pi1/reports"], "{\"count\": 0, \"reports\": []}")
        stop(run)
        run = try scenario.startRun(mqtt)
        page = try WebClient(run: run, home: scenario.home)
        XCTAssertEqual(try reports(page).count, 0, "seen: gone from the file as well")
        stop(run)
    }
}
