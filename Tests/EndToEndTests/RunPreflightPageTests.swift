import Foundation
import XCTest

/// What the check before a ring found, and the reports of rings that did not ring as asked, on the
/// phone page in a real headless Chromium against a real `run`.
final class RunPreflightPageTests: SoundFolderTestCase {
    func testTheAlarmsCardShowsTheProblemAndAReportStaysUntilSeen() throws {
        try copyFixture("tone-440.wav", as: "Wake Song.wav")
        let quiet = scenario.at(secondsAhead: 3)
        let song = scenario.at(secondsAhead: 60)
        try scenario.writeAlarms([
            "{\"id\": \"quiet\", \(quiet.json), \"sound\": \"tone:beep\", \"devices\": [\"nosuchpcm\"], \"ringFor\": \"2s\", \"preflight\": \"0s\"}",
            "{\"id\": \"song\", \(song.json), \"sound\": \"file:wake-song\", \"preflight\": \"55s\"}",
        ])
        let run = RunningProcess(
            ["run", "--alarms", scenario.alarmsPath, "--device", "pulse", "--sounds", sounds.path, "--http", "127.0.0.1:0"],
            environment: scenario.environment)
        try run.start()
        XCTAssertNotNil(run.waitForLog("event=loaded"), run.stderr)
        try FileManager.default.removeItem(atPath: sounds.file("Wake Song.wav"))
        let client = try WebClient(run: run, home: scenario.home)
        XCTAssertNotNil(run.waitForLog("event=preflight_failed id=song", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=silenced id=quiet", timeout: 10), run.stderr)

        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        let banner = "#alarms li.alarm[data-id=\"song\"] .preflight-problem"
        XCTAssertTrue(browser.wait(for: "document.querySelector('\(banner)')"), "no banner on the card")
        let shown = try browser.text(banner)
        XCTAssertTrue(shown.contains("cannot play file:wake-song"), shown)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#reports').hidden"), "no reports")
        let reports = try browser.text("#reports-list")
        XCTAssertTrue(reports.contains("quiet: cannot open audio device"), reports)

        try browser.open(client.base + "/")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#reports').hidden"), "a reload still shows the report")
        try browser.click("#reports-seen")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#reports').hidden"), "Seen hides it")
        XCTAssertEqual((try client.get("/api/status").object["reports"] as? [Any])?.count, 0)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
