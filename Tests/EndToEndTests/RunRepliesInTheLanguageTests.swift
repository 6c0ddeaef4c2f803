import Foundation
import XCTest

/// `snooze` and `stop` print `run`'s reply in the language of the person who typed them: the
/// request carries `lang=` on the control socket, `run` performs it in English (its log) and
/// words the reply in that language. A line without it, as scripts and `socat` send, gets English.
final class RunRepliesInTheLanguageTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        try MessageCatalogs.compile()
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func raw(_ line: String) throws -> String {
        let client = try SocketClient(path: scenario.socketPath)
        XCTAssertTrue(client.send(line + "\n"))
        return client.receiveAll(timeout: 5).text
    }

    func testSnoozeAndStopAnswerInTheLanguageAndTheLogStaysEnglish() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"due\", \(due.json), \"sound\": \"tone:beep\", \"ringFor\": \"1m\", \"fadeIn\": 0}"])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=fired id=due", timeout: 8), run.stderr)

        let german = try AlarmPlayBinary.run(["snooze"], environment: scenario.environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        XCTAssertEqual(german.status, 0, german.stderr)
        XCTAssertTrue(german.stdout.hasPrefix("due schlummert bis "), german.stdout)
        // The time is worded with the reply: the day in German, as `next` gives it (`Di., 1. Dez. 07:39`).
        let weekdays = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]
        XCTAssertTrue(weekdays.contains { german.stdout.hasPrefix("due schlummert bis \($0)., ") }, german.stdout)
        XCTAssertNotNil(run.waitForLog("event=snoozed id=due", timeout: 5), "the log stays English: \(run.stderr)")

        let refused = try AlarmPlayBinary.run(["stop", "nope"], environment: scenario.environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        XCTAssertEqual(refused.status, 75)
        XCTAssertEqual(refused.stderr, "alarmplay: Fehler: es klingelt nichts\n")

        XCTAssertEqual(try raw("lang=ko_KR.UTF-8 stop nope"), "error conflict: 울리는 알람 없음\n")
        XCTAssertEqual(try raw("stop nope"), "error conflict: nothing is ringing\n", "no language: English, as before")
        XCTAssertEqual(try raw("lang=xx_YY.UTF-8 stop nope"), "error conflict: nothing is ringing\n", "a language not installed: English")
        XCTAssertEqual(try raw("lang=de_DE.UTF-8 snoze"),
                       "error invalid: unbekannter Befehl \"snoze\"; erwartet: snooze [ID], stop [ID] oder status\n")

        let stopped = try AlarmPlayBinary.run(["stop"], environment: scenario.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
        XCTAssertEqual(stopped.stdout, "due의 다시 알림을 끔\n", stopped.stderr)
        XCTAssertTrue(run.logLines("event=control").allSatisfy { !$0.contains("lang=") }, "the log has the request, not its language: \(run.stderr)")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
