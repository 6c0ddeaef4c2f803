import Foundation
import XCTest

/// The page in the browser's language (Chromium's `--lang`, sent as Accept-Language) from the
/// same catalogs as the commands: the alarm list, the editor and the ringing card in Korean, the
/// picker switching to German and remembered across a reload, and the catalog endpoint itself.
final class RunWebLanguageTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        try MessageCatalogs.compile()
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    func testKoreanPageAndThePicker() throws {
        try scenario.writeAlarms([
            "{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}",
        ])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let browser = try WebDriver(language: "ko")
        try browser.open(client.base + "/?token=" + client.token!)
        XCTAssertTrue(browser.wait(for: "document.querySelector('#alarms li.alarm[data-id=\"work\"]')"), "the alarm list did not load")
        XCTAssertEqual(try browser.run("return document.documentElement.lang;") as? String, "ko")
        XCTAssertEqual(try browser.text("#alarms-title"), "알람")
        XCTAssertEqual(try browser.text("nav button[data-tab=\"timer\"]"), "타이머")
        XCTAssertEqual(try browser.text("#alarms li.alarm[data-id=\"work\"] .alarm-details"), "Work · 평일")
        XCTAssertTrue(try browser.text("#alarms li.alarm[data-id=\"work\"] .alarm-when").hasSuffix(" 후"), "a countdown in Korean")
        let next = try browser.text("#next-alarm")
        XCTAssertTrue(next.hasPrefix("다음: Work, "), next)

        try browser.click("#add-alarm")
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#editor').hidden"))
        XCTAssertEqual(try browser.text("#editor-title"), "새 알람")
        XCTAssertEqual(try browser.text("label[for=alarm-sound]"), "소리")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#alarm-sound').textContent.includes('tone:classic — 클래식 비프음')"),
                      "a built-in sound's title in Korean")
        XCTAssertEqual(try browser.text("#repeat-hint"), "요일도 날짜도 없음: 다음 오전 07:00에 한 번 울립니다.")
        try browser.click("button.day[data-day=\"sat\"]")
        try browser.click("button.day[data-day=\"sun\"]")
        XCTAssertEqual(try browser.text("#repeat-hint"), "매주 반복: 주말.")
        XCTAssertEqual(try browser.text("button.day[data-day=\"mon\"]"), "월", "weekday names through Intl")
        try browser.click("#cancel-edit")

        let due = scenario.at(secondsAhead: 2)
        XCTAssertEqual(try client.send("POST", "/api/alarms", body: "{\"id\": \"soon\", \"label\": \"일어나요\", \(due.json), \"sound\": \"tone:beep\", \"maxSnoozes\": 3}").status, 201)
        XCTAssertTrue(browser.wait(for: "!document.querySelector('#ringing').hidden", timeout: 10), "no ringing card")
        let elapsed = try browser.text("#ringing-elapsed")
        XCTAssertTrue(elapsed.hasSuffix("째 울리는 중"), elapsed)
        XCTAssertEqual(try browser.text("#ringing-snoozes"), "다시 알림 3번 남음")
        XCTAssertEqual(try browser.text("#snooze"), "다시 알림")
        XCTAssertEqual(try browser.text("#stop"), "끄기")
        try browser.click("#stop")
        XCTAssertTrue(browser.wait(for: "document.querySelector('#ringing').hidden", timeout: 3))

        // The picker: German, and still German after a reload.
        try browser.run("""
            const picker = document.querySelector('#language');
            picker.value = 'de';
            picker.dispatchEvent(new Event('change', {bubbles: true}));
            """)
        XCTAssertTrue(browser.wait(for: "document.documentElement.lang === 'de' && document.querySelector('#alarms-title').textContent === 'Wecker'", timeout: 10),
                      "the picker did not switch to German")
        try browser.run("location.reload();")
        XCTAssertTrue(browser.wait(for: "document.documentElement.lang === 'de' && document.querySelector('#alarms li.alarm')", timeout: 10), "German is not remembered")
        XCTAssertEqual(try browser.text("#alarms li.alarm[data-id=\"work\"] .alarm-details"), "Work · Werktags")
        XCTAssertEqual(try browser.run("return document.querySelector('#language').value;") as? String, "de")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// Every time on the page is written one way in each language: an alarm's own time, a time per
    /// day, a ring from the schedule and the editor's hint alike (Korean 오전 06:45, never 06:45 alone beside it).
    func testEveryTimeOnThePageIsWrittenOneWay() throws {
        try scenario.writeAlarms([
            "{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}",
            "{\"id\": \"week\", \"times\": {\"mon\": \"06:30\", \"sat\": \"09:30\"}, \"sound\": \"tone:beep\"}",
        ])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        for (language, work, week, hint) in [
            ("ko", "오전 06:45", "오전 06:30", "다음 오전 07:00에"),
            ("de", "06:45", "06:30", "um 07:00"),
            ("en-US", "06:45 AM", "06:30 AM", "at the next 07:00 AM."),
        ] {
            let browser = try WebDriver(language: language)
            try browser.open(client.base + "/?token=" + client.token!)
            XCTAssertTrue(browser.wait(for: "document.querySelector('#alarms li.alarm[data-id=\"week\"]')"), "the alarm list did not load")
            XCTAssertEqual(try browser.text("#alarms li.alarm[data-id=\"work\"] .alarm-time"), work, language)
            let details = try browser.text("#alarms li.alarm[data-id=\"week\"] .alarm-details")
            XCTAssertTrue(details.contains(week), "\(language): \(details)")
            try browser.click("#add-alarm")
            XCTAssertTrue(browser.wait(for: "!document.querySelector('#editor').hidden"))
            let said = try browser.text("#repeat-hint")
            XCTAssertTrue(said.contains(hint), "\(language): \(said)")
        }
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testTheCatalogEndpoint() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        // No token needed: the catalogs are the page's words, no secret.
        let german = try client.send("GET", "/api/messages", headers: ["Accept-Language: fr-FR,de;q=0.8,ko;q=0.5"], authorized: false)
        XCTAssertEqual(german.status, 200, german.body)
        XCTAssertTrue(german.body.contains("\"language\": \"de\""), german.body)
        XCTAssertTrue(german.body.contains("\"languages\": [\"de\", \"en\", \"ko\"]") || german.body.contains("\"languages\": [\n"), german.body)
        XCTAssertTrue(german.body.contains("\"Alarms\": \"Wecker\""), german.body)
        XCTAssertTrue(german.body.contains("\"plural\": \"(n != 1)\""), german.body)
        let korean = try client.send("GET", "/api/messages?lang=ko", headers: ["Accept-Language: de"], authorized: false)
        XCTAssertTrue(korean.body.contains("\"language\": \"ko\""), "the picker's choice wins")
        XCTAssertTrue(korean.body.contains("\"plural\": \"0\""), korean.body)
        let none = try client.send("GET", "/api/messages?lang=fr", authorized: false)
        XCTAssertTrue(none.body.contains("\"language\": \"en\"") && none.body.contains("\"messages\": {}"), none.body)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
