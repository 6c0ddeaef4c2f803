import Foundation
import XCTest

/// The phone page audited by axe-core in a real headless Chromium at phone size, on each of its
/// screens (alarms, editor, ringing card, sounds, stopwatch, timer) in light and dark mode:
/// no serious or critical violation anywhere, in English and in Korean. Each screen is shown with what it can hold: a
/// snoozed alarm, a disabled one, laps marked fastest and slowest, a running timer.
final class RunWebAccessibilityTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private static let schemes = ["light", "dark"]

    func testEveryScreenInLightAndDark() throws {
        try auditEveryScreen(language: "en-US")
    }

    func testEveryScreenInKorean() throws {
        try MessageCatalogs.compile()
        try auditEveryScreen(language: "ko")
    }

    private func auditEveryScreen(language: String) throws {
        let axe = try AccessibilityAudit()
        try scenario.writeAlarms([
            "{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}",
            "{\"id\": \"gym\", \"label\": \"Gym\", \"time\": \"07:30\", \"days\": [\"sat\", \"sun\"], \"enabled\": false}",
            "{\"id\": \"trip\", \"time\": \"05:10\", \"date\": \"2099-06-01\"}",
        ])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        XCTAssertEqual(try client.send("POST", "/api/timer", body: "{\"duration\": \"25m\", \"label\": \"Tea\"}").status, 201)
        let browser = try WebDriver(language: language)
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#alarms li.alarm[data-id=\"trip\"]')"), "the alarm list did not load")

        var found: [String: [String]] = [:]
        func audit(_ screen: String) throws {
            for scheme in Self.schemes {
                try browser.colorScheme(scheme)
                found["\(screen), \(scheme)"] = try axe.violations(in: browser)
            }
        }

        let due = scenario.at(secondsAhead: 2)
        XCTAssertEqual(try client.send("POST", "/api/alarms", body: "{\"id\": \"soon\", \"label\": \"Wake up\", \(due.json), \"sound\": \"tone:beep\"}").status, 201)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#ringing').hidden", timeout: 10), "no ringing card")
        try audit("ringing card")
        // The list with a snoozed alarm on top of it.
        try browser.click("#snooze")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#snoozed li.snoozed')"), "no snoozed row")
        try audit("alarms")
        try browser.click("#alarms li.alarm[data-id=\"work\"] .alarm-open")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#editor').hidden"))
        try audit("editor")
        try browser.click("#cancel-edit")
        try browser.click("nav button[data-tab=\"sounds\"]")
        XCTAssertTrue(browser.wait(for: "document.querySelectorAll('#sounds li.sound').length > 5"))
        try audit("sounds")
        try browser.click("nav button[data-tab=\"stopwatch\"]")
        try browser.click("#sw-startstop")
        for _ in 0..<3 { try browser.click("#sw-lap") }
        // Running, so the Stop button and the fastest and slowest laps are on screen.
        try audit("stopwatch")
        try browser.click("nav button[data-tab=\"timer\"]")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#timers li.timer')"))
        try audit("timer")


        XCTAssertEqual(found.count, 12)
        let failing = found.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
        print("axe-core, \(language): \(failing.count) of \(found.count) screens with serious or critical violations")
        for (screen, violations) in failing {
            print("  \(screen): \(violations.count) rules\n    " + violations.joined(separator: "\n    "))
        }
        XCTAssertTrue(failing.isEmpty, failing.map { "\($0.key): \($0.value.joined(separator: "; "))" }.joined(separator: "\n"))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
