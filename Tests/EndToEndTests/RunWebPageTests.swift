import Foundation
import XCTest

/// The phone page in a real headless Chromium against a real `run`: add an alarm through the form
/// and find it in alarms.json, switch it off, snooze a ringing alarm from the page, run the
/// stopwatch and read what Copy put on the clipboard. Phone-size screenshots of each screen go to
/// `.build/screenshots` (docs/web.md shows copies of them, from docs/screenshots).
final class RunWebPageTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func screenshot(_ browser: WebDriver, _ name: String) throws {
        try browser.screenshot(to: AlarmPlayBinary.repositoryRoot + "/.build/screenshots/\(name).png")
    }

    private func alarmsFile() throws -> String {
        try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
    }

    func testAlarmsAndRingingFromThePage() throws {
        try scenario.writeAlarms([
            "{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}",
        ])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#alarms li.alarm[data-id=\"work\"]')"), "the alarm list did not load")
        // en-US writes a time as its own time fields show it: 06:45 AM.
        XCTAssertEqual(try browser.text("#alarms li.alarm[data-id=\"work\"] .alarm-time"), "06:45 AM")
        XCTAssertEqual(try browser.run("return location.search;") as? String, "", "the token leaves the address bar")
        try screenshot(browser, "alarms")

        try browser.click("#add-alarm")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#editor').hidden"))
        try browser.run("""
            const time = document.querySelector('#alarm-form [name=time]');
            time.value = '07:30';
            time.dispatchEvent(new Event('input', {bubbles: true}));
            time.dispatchEvent(new Event('change', {bubbles: true}));
            """)
        try browser.type("#alarm-form [name=label]", "Gym")
        XCTAssertEqual(try browser.text("#repeat-hint"), "No days and no date: rings once, at the next 07:30 AM.")
        try browser.run("""
            const date = document.querySelector('#alarm-form [name=date]');
            date.value = '2099-06-01';
            date.dispatchEvent(new Event('input', {bubbles: true}));
            """)
        XCTAssertEqual(try browser.text("#repeat-hint"), "Rings once, on Mon 1 Jun 2099.")
        try browser.click("button.day[data-day=\"sat\"]")
        XCTAssertEqual(try browser.text("#repeat-hint"), "Repeats weekly: Sat.")
        try browser.click("button.day[data-day=\"sun\"]")
        XCTAssertEqual(try browser.text("#repeat-hint"), "Repeats weekly: Weekends.", "the hint follows the chosen days")
        XCTAssertEqual(try browser.run("return document.querySelector('#alarm-form [name=date]').value;") as? String, "")
        try screenshot(browser, "edit")
        try browser.click("#save-alarm")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#alarms li.alarm[data-id=\"gym\"]')"), "the new alarm is not listed")
        let file = try alarmsFile()
        XCTAssertTrue(file.contains("\"label\": \"Gym\""), file)
        XCTAssertTrue(file.contains("\"time\": \"07:30\""), file)
        XCTAssertTrue(file.contains("\"sat\"") && file.contains("\"sun\""), file)

        try browser.run("document.querySelector('#alarms li.alarm[data-id=\"gym\"] input.alarm-switch').click();")
        XCTAssertTrue(waitFor { (try? self.alarmsFile())?.contains("\"enabled\": false") == true }, "the switch wrote nothing")

        // An alarm a few seconds ahead: the page shows the ringing card, and Snooze there snoozes it.
        let due = scenario.at(secondsAhead: 3)
        let added = try client.send("POST", "/api/alarms", body: "{\"id\": \"soon\", \"label\": \"Wake up\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0}")
        XCTAssertEqual(added.status, 201, added.body)
        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 10), run.stderr)
        let fired = Date()
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#ringing').hidden", timeout: 3), "no ringing card")
        XCTAssertLessThan(Date().timeIntervalSince(fired), 1.5, "the card shows within a second")
        XCTAssertTrue(try browser.text("#ringing-label").contains("Wake up"))
        try screenshot(browser, "ringing")
        try browser.click("#snooze")
        XCTAssertNotNil(run.waitForLog("event=snoozed id=soon", timeout: 3), run.stderr)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#ringing').hidden", timeout: 3), "the card stays after the snooze")

        try browser.click("nav button[data-tab=\"sounds\"]")
        XCTAssertTrue(browser.wait(for: "document.querySelectorAll('#sounds li.sound').length > 5"))
        XCTAssertTrue(try browser.text("#sounds").contains("tone:beep"))
        try screenshot(browser, "sounds")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    private let card = "#alarms li.alarm[data-id=\"work\"]"

    /// `run` with one alarm, `work` at 06:45 on `days`, and the page open on its editor.
    private func editorOfWork(days: String) throws -> (RunningProcess, WebClient, WebDriver) {
        try editorOfWork("{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"\(days)\", \"sound\": \"tone:beep\"}")
    }

    /// `run` with `alarm` alone (its id `work`), and the page open on its editor.
    private func editorOfWork(_ alarm: String) throws -> (RunningProcess, WebClient, WebDriver) {
        try scenario.writeAlarms([alarm])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "document.querySelector('\(card)')"), "the alarm list did not load")
        try browser.click(card + " .alarm-open")
        return (run, client, browser)
    }

    /// The editor's "Only next time": the new time moves the next ring alone, the card says
    /// when it rings instead, and "Back to its own time" undoes it.
    func testOnlyNextTimeMovesJustTheNextRing() throws {
        let (run, client, browser) = try editorOfWork(days: "daily")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#editor').hidden && !document.querySelector('#only-next-field').hidden"))
        XCTAssertTrue(try browser.run("return document.querySelector('#unshift-alarm').hidden;") as? Bool == true)
        try browser.run("""
            const time = document.querySelector('#alarm-form [name=time]');
            time.value = '07:30';
            time.dispatchEvent(new Event('input', {bubbles: true}));
            time.dispatchEvent(new Event('change', {bubbles: true}));
            document.querySelector('#only-next').click();
            """)
        try browser.click("#save-alarm")
        XCTAssertTrue(waitFor { (try? self.alarmsFile())?.contains("\"shift\": {") == true }, "no shift written")
        let file = try alarmsFile()
        XCTAssertTrue(file.contains("\"time\": \"06:45\""), "the alarm keeps its time: \(file)")
        XCTAssertTrue(browser.wait(for: "document.querySelector('\(card)').textContent.includes('once at 07:30 AM')"), "no tag on the card")
        let next = try XCTUnwrap(try client.get("/api/alarms").array.first?["next"] as? String)
        XCTAssertTrue(next.hasSuffix("T07:30:00+00:00"), next)
        try screenshot(browser, "moved")

        try browser.click(card + " .alarm-open")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#unshift-alarm').hidden"))
        try browser.click("#unshift-alarm")
        XCTAssertTrue(waitFor { (try? self.alarmsFile())?.contains("shift") == false }, "the shift stayed")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('\(card)').textContent.includes('once at')"))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testATimePerDayFromTheEditor() throws {
        let (run, client, browser) = try editorOfWork(days: "weekdays")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#editor').hidden"))
        try browser.click("#per-day")
        XCTAssertTrue(browser.wait(for: "document.querySelectorAll('#day-times input').length === 5"), "a time for each of the five days")
        XCTAssertTrue(try browser.run("return document.querySelector('.time-field').hidden;") as? Bool == true, "the one time gives way")
        try browser.click("button.day[data-day=\"tue\"]")
        try browser.run("""
            const friday = document.querySelector('#day-times input[data-day=fri]');
            friday.value = '08:15';
            friday.dispatchEvent(new Event('input', {bubbles: true}));
            """)
        try browser.click("#save-alarm")
        XCTAssertTrue(waitFor { (try? self.alarmsFile())?.contains("\"times\"") == true }, "no times written")
        // `run` takes the written file in by its watch, a moment after the write.
        let expected = ["mon": "06:45", "wed": "06:45", "thu": "06:45", "fri": "08:15"]
        XCTAssertTrue(waitFor { (try? client.get("/api/alarms").array.first?["times"] as? [String: String]) == expected },
                      "\((try? client.get("/api/alarms").body) ?? "")")
        XCTAssertTrue(browser.wait(for: "document.querySelector('\(card) .alarm-details').textContent.includes('08:15 AM')"), "the card shows each day's time")
        try screenshot(browser, "times")

        try browser.click(card + " .alarm-open")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#per-day').checked && document.querySelector('#day-times input[data-day=fri]').value === '08:15'"),
                      "the editor opens with each day's time")
        try browser.click("#per-day")
        try browser.click("#save-alarm")
        XCTAssertTrue(waitFor { (try? self.alarmsFile()).map { !$0.contains("\"times\"") && $0.contains("\"time\": \"06:45\"") } == true },
                      "one time back: \((try? alarmsFile()) ?? "")")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testStopwatchLapsNewestFirstAndCopy() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        try browser.click("nav button[data-tab=\"stopwatch\"]")
        try browser.click("#sw-startstop")
        for _ in 0..<3 {
            Thread.sleep(forTimeInterval: 0.35)
            try browser.click("#sw-lap")
        }
        try browser.click("#sw-startstop")
        let laps = try XCTUnwrap(browser.run("return [...document.querySelectorAll('#laps li.lap')].map(l => l.textContent.trim());") as? [String])
        XCTAssertEqual(laps.count, 3, "\(laps)")
        XCTAssertTrue(laps.first?.hasPrefix("Lap 3") == true, "newest first: \(laps)")
        XCTAssertTrue(laps.last?.hasPrefix("Lap 1") == true, "\(laps)")
        let lapLine = try NSRegularExpression(pattern: #"^Lap \d   \d\d:\d\d\.\d\d   \+\d\d:\d\d\.\d\d"#)
        for lap in laps {
            XCTAssertNotNil(lapLine.firstMatch(in: lap, range: NSRange(lap.startIndex..., in: lap)), lap)
        }
        try browser.click("#sw-copy")
        let copied = try XCTUnwrap(browser.runAsync("navigator.clipboard.readText().then(arguments[arguments.length - 1]);") as? String)
        let lines = copied.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, copied)
        let copyLine = try NSRegularExpression(pattern: #"^(\d)   (\d\d:\d\d\.\d\d)   (\d\d:\d\d\.\d\d)$"#)
        for (index, line) in lines.enumerated() {
            let match = try XCTUnwrap(copyLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
            XCTAssertEqual(Int((line as NSString).substring(with: match.range(at: 1))), index + 1, "oldest first, as the CLI copies")
        }
        // The same numbers as on screen: lap 3's total and difference.
        XCTAssertTrue(laps[0].contains((lines[2] as NSString).substring(with: NSRange(location: 4, length: 8))), "\(laps[0]) vs \(lines[2])")
        try screenshot(browser, "stopwatch")
        try browser.click("nav button[data-tab=\"timer\"]")
        try screenshot(browser, "timer")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// Cards with long lines (the reference's time per weekday with a label, its calendar rule)
    /// at a phone's 390 px: the lines are cut short with an ellipsis, so nothing is wider than
    /// the screen and every on/off switch is on it.
    func testLongCardsFitAPhonesWidthWithTheirSwitchesOnScreen() throws {
        try scenario.writeAlarms([
            #"{"id": "week", "label": "Early shift at the hospital", "times": {"mon": "06:30", "tue": "06:30", "wed": "07:00", "fri": "08:15", "sat": "09:30"}}"#,
            #"{"id": "work", "days": "weekdays", "fromCalendar": {"calendar": "work.ics", "before": "1h30m", "earliest": "05:30", "latest": "09:00", "otherwise": "07:00"}}"#,
        ])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver()
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "document.querySelectorAll('#alarms li.alarm .alarm-details').length === 2"), "the alarm list did not load")
        XCTAssertEqual(try browser.run("return window.innerWidth;") as? Int, 390, "the phone's viewport")
        let overflow = try XCTUnwrap(browser.run("""
            const width = window.innerWidth;
            const wide = [...document.querySelectorAll('body *')].filter((node) => node.getBoundingClientRect().right > width + 0.5)
              .map((node) => `${node.tagName}.${node.className} ${Math.round(node.getBoundingClientRect().right)}px`);
            const switches = [...document.querySelectorAll('#alarms .switch')].map((node) => node.getBoundingClientRect())
              .filter((box) => box.left < 0 || box.right > width).length;
            return { document: document.documentElement.scrollWidth, main: document.querySelector('main').scrollWidth - document.querySelector('main').clientWidth,
                     wide, switches, cut: [...document.querySelectorAll('.alarm-details')].some((node) => node.scrollWidth > node.clientWidth) };
            """) as? [String: Any])
        XCTAssertLessThanOrEqual(overflow["document"] as? Int ?? .max, 390, "\(overflow)")
        XCTAssertEqual(overflow["main"] as? Int, 0, "main scrolls sideways: \(overflow)")
        XCTAssertEqual(overflow["wide"] as? [String], [], "wider than the screen: \(overflow)")
        XCTAssertEqual(overflow["switches"] as? Int, 0, "a switch off the screen: \(overflow)")
        XCTAssertEqual(overflow["cut"] as? Bool, true, "the long line is cut short, with its ellipsis: \(overflow)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// The editor of an alarm whose days take their time from a calendar says so, and a time set
    /// there takes the rule's place on the same days, as `edit --time` does.
    func testTheEditorSaysATimeReplacesTheCalendarRule() throws {
        let (run, client, browser) = try editorOfWork(
            #"{"id": "work", "days": "weekdays", "fromCalendar": {"calendar": "work.ics", "before": "1h30m", "otherwise": "07:00"}}"#)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#rule-hint').hidden"), "no word of the rule")
        let hint = try browser.text("#rule-hint")
        XCTAssertTrue(hint.hasPrefix("Each day's time follows first event in work.ics −1h30m") && hint.hasSuffix("; a time set here replaces it."), hint)
        try browser.run("""
            const time = document.querySelector('#alarm-form [name=time]');
            time.value = '06:15';
            time.dispatchEvent(new Event('input', {bubbles: true}));
            time.dispatchEvent(new Event('change', {bubbles: true}));
            """)
        try browser.click("#save-alarm")
        XCTAssertTrue(waitFor { (try? self.alarmsFile()).map { !$0.contains("fromCalendar") && $0.contains("\"time\": \"06:15\"") } == true },
                      "the time in place of the rule: \((try? alarmsFile()) ?? "")")
        XCTAssertTrue(waitFor { (try? client.get("/api/alarms").array.first?["days"] as? [String]) == ["mon", "tue", "wed", "thu", "fri"] }, "the same days")
        try browser.click(card + " .alarm-open")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#rule-hint').hidden"), "an alarm of one time has no such word")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    private func waitFor(_ seconds: TimeInterval = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }
}
