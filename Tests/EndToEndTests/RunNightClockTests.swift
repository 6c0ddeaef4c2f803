import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The night clock (`/clock`) in a real headless Chromium: dark with dim warm text between the
/// file's night hours and bright outside them (measured on screenshots), the ringing card on top
/// where a tap anywhere snoozes, axe-clean, and back by itself after `run` restarts.
final class RunNightClockTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// "HH:MM" in UTC (the browser's zone here), `minutes` from now.
    private func clock(in minutes: Int) -> String {
        var seconds = time_t(Date().timeIntervalSince1970) + time_t(minutes * 60)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%02d:%02d", parts.tm_hour, parts.tm_min)
    }

    private func alarms(night: (from: Int, to: Int), extra: String = "") throws {
        try #"{"night": {"from": "\#(clock(in: night.from))", "to": "\#(clock(in: night.to))"}, "alarms": [{"id": "work", "label": "Work", "time": "23:59", "sound": "tone:beep"}\#(extra)]}"#
            .write(toFile: scenario.alarmsPath, atomically: true, encoding: .utf8)
    }

    private func brightness(_ browser: WebDriver, _ name: String) throws -> Double {
        let path = AlarmPlayBinary.repositoryRoot + "/.build/screenshots/clock-\(name).png"
        try browser.screenshot(to: path)
        let result = try ChildProcess.run([AlarmPlayBinary.repositoryRoot + "/Tests/EndToEndTests/Support/brightness.py", path],
                                          environment: [:], executable: "/usr/bin/python3")
        return try XCTUnwrap(Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), result.stderr)
    }

    func testDarkByNightBrightByDayRingingOnTopAndATapSnoozes() throws {
        let port = try WebDriver.freePort()
        try alarms(night: (-60, 60))
        var run = try scenario.startRun(["--http", "127.0.0.1:\(port)"])
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver(language: "en-US")
        try browser.open(client.base + "/clock?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#next').textContent.includes('Work')"), "no next alarm")
        XCTAssertEqual(try browser.run("return document.body.classList.contains('night');") as? Bool, true)
        let night = try brightness(browser, "night")
        XCTAssertLessThan(night, 40, "dark by night")
        let axe = try AccessibilityAudit()
        XCTAssertEqual(try axe.violations(in: browser), [], "night")

        // Ringing: the card on top; a tap anywhere on it snoozes.
        let due = scenario.at(secondsAhead: 2)
        XCTAssertEqual(try client.send("POST", "/api/alarms", body: "{\"id\": \"soon\", \"label\": \"Wake up\", \(due.json), \"sound\": \"tone:beep\"}").status, 201)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#ringing').hidden", timeout: 10), "no ringing card")
        XCTAssertEqual(try browser.text("#ringing-title"), "Wake up is ringing")
        XCTAssertEqual(try axe.violations(in: browser), [], "ringing")
        try browser.click("#ringing-title")
        XCTAssertNotNil(run.waitForLog("event=snoozed id=soon", timeout: 5), run.stderr)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#ringing').hidden"))

        // By day: the same page brightens once the file's night hours leave now out.
        try alarms(night: (60, 120))
        XCTAssertTrue(browser.wait(for: "!document.body.classList.contains('night')", timeout: 10), "still dark")
        Thread.sleep(forTimeInterval: 2.5)
        XCTAssertGreaterThan(try brightness(browser, "day"), 150, "bright by day")
        XCTAssertEqual(try axe.violations(in: browser), [], "day")

        // `run` restarts: the clock says so, and comes back by itself.
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#conn').hidden", timeout: 10), "no reconnecting line")
        run = try scenario.startRun(["--http", "127.0.0.1:\(port)"])
        XCTAssertTrue(browser.wait(for: "document.querySelector('#conn').hidden", timeout: 15), "did not reconnect")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// The link to the clock on the main page is one of the page's accents in either theme, not a
    /// browser's blue underlined link.
    func testTheClockLinkWearsThePagesAccent() throws {
        let port = try WebDriver.freePort()
        try alarms(night: (-60, 60))
        let run = try scenario.startRun(["--http", "127.0.0.1:\(port)"])
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver(language: "en-US")
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#clock-link')"), "no clock link")
        let style = """
            const link = getComputedStyle(document.querySelector('#clock-link'));
            const accent = document.createElement('span');
            accent.style.color = 'var(--accent-text)';
            document.body.append(accent);
            const wanted = getComputedStyle(accent).color;
            accent.remove();
            return [link.color, wanted, link.textDecorationLine].join(' | ');
            """
        for scheme in ["light", "dark"] {
            try browser.colorScheme(scheme)
            let parts = try XCTUnwrap(browser.run(style) as? String).components(separatedBy: " | ")
            XCTAssertEqual(parts[0], parts[1], "\(scheme): the link's colour is the accent text's")
            XCTAssertEqual(parts[2], "none", "\(scheme): not underlined")
        }
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
