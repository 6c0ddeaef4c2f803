import AudioTestSupport
import Foundation
import XCTest

/// The sleep timer from the page, in a real headless Chromium against a real `run` whose sound is
/// recorded from a real-time PulseAudio sink: started with a duration and a sound, its time left
/// shown, stopped; and the API's answers to bad requests.
final class RunWebSleepTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testTheSleepTimerStartsShowsItsTimeLeftAndStopsFromThePage() throws {
        try scenario.writeAlarms([])
        let recording = try scenario.pulse.record()
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        try browser.click("nav button[data-tab=\"timer\"]")
        XCTAssertTrue(browser.wait(for: "[...document.querySelectorAll('#sleep-sound option')].some((o) => o.value === 'file:tone-440')"),
                      "the sounds did not load into the sleep timer's select")
        XCTAssertTrue(try browser.run("return document.querySelector('#sleep-running').hidden;") as? Bool == true)
        try browser.run("""
            document.querySelector('#sleep-duration').value = '10m';
            document.querySelector('#sleep-sound').value = 'file:tone-440';
            """)
        try browser.click("#sleep-start")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#sleep-running').hidden"), "not shown as running")
        let startedAt = Date()
        XCTAssertNotNil(run.waitForLog("event=sleep_started sound=file:tone-440 seconds=600 fade_s=200"), run.stderr)
        XCTAssertTrue(browser.wait(for: "/^(10:00|9:5\\d)$/.test(document.querySelector('#sleep-left').textContent)"),
                      "time left: \((try? browser.text("#sleep-left")) ?? "")")
        let what = try browser.text("#sleep-what")
        XCTAssertTrue(what.hasPrefix("file:tone-440 · ends ") && what.hasSuffix(" · fades out over the last 3:20"), what)
        let status = try client.get("/api/status").object
        XCTAssertEqual((status["sleep"] as? [String: Any])?["sound"] as? String, "file:tone-440")
        try browser.screenshot(to: AlarmPlayBinary.repositoryRoot + "/.build/screenshots/sleep.png")

        Thread.sleep(forTimeInterval: 1.5)
        let clickedAt = Date()
        try browser.click("#sleep-stop")
        // The page's request may take a while on a loaded machine: silence is dated from the stop itself.
        let stoppedAt = try XCTUnwrap(run.waitForLog("event=sleep_ended reason=stopped"), run.stderr)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#sleep-running').hidden"), "still shown as running")
        XCTAssertTrue(try client.get("/api/status").object["sleep"] is NSNull)
        Thread.sleep(forTimeInterval: 1.5)
        let levels = RecordedLevels(recording, samples: recording.stop())
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        XCTAssertTrue(levels.isLoud(from: startedAt.addingTimeInterval(0.3), to: clickedAt), "the sleep sound plays")
        XCTAssertTrue(levels.isSilent(from: stoppedAt.addingTimeInterval(0.5), to: stoppedAt.addingTimeInterval(1.4)), "stopped from the page")
    }

    func testTheAPIRefusesWhatIsWrongByItsField() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let cases: [(String, Int, String?, String)] = [
            ("{\"duration\": \"soon\"}", 422, "duration", "invalid duration \"soon\""),
            ("{}", 422, "duration", "duration is missing"),
            ("{\"duration\": \"10m\", \"fade\": \"20m\"}", 422, "fade", "fade must be from 0s to the duration (10m)"),
            ("{\"duration\": \"10m\", \"volume\": \"loud\"}", 422, "volume", "volume must be a number"),
            ("{\"duration\": \"10m\", \"sound\": \"nothing-like-this\"}", 404, nil, "nothing-like-this"),
            ("{\"duration\": \"10m\", \"colour\": \"blue\"}", 422, "colour", "unknown field \"colour\""),
        ]
        for (body, status, field, message) in cases {
            let reply = try client.send("POST", "/api/sleep", body: body)
            XCTAssertEqual(reply.status, status, "\(body): \(reply.body)")
            if let field {
                XCTAssertEqual(reply.problems.first?.0, field, "\(body): \(reply.body)")
                XCTAssertTrue(reply.problems.first?.1.contains(message) == true, "\(body): \(reply.body)")
            } else {
                XCTAssertTrue(reply.error?.contains(message) == true, "\(body): \(reply.body)")
            }
        }
        let stopped = try client.send("DELETE", "/api/sleep")
        XCTAssertEqual(stopped.status, 200, stopped.body)
        XCTAssertEqual(stopped.object["stopped"] as? Bool, false)
        let started = try client.send("POST", "/api/sleep", body: "{\"duration\": 90, \"sound\": \"tone:beep\", \"volume\": 0.2}")
        XCTAssertEqual(started.status, 201, started.body)
        XCTAssertEqual(started.object["fadeSeconds"] as? Int, 30)
        XCTAssertEqual(started.object["volume"] as? Double, 0.2)
        run.signal(SIGTERM)
        _ = run.wait(timeout: 10)
    }
}
