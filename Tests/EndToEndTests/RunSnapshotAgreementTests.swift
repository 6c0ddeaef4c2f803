import Foundation
import XCTest

/// Every face names the same next ring, because they all render one snapshot: `list --json`,
/// `next --json`, `status --json`, the page's `GET /api/status` and the MQTT next-alarm state,
/// through a one-shot that has rung (done), a snooze, a skip, a pause, a disabled alarm and a
/// rung one-shot switched on again.
final class RunSnapshotAgreementTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// The weekday `days` from today (UTC, as the child runs), as the alarms file names it.
    private func weekday(in days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.component(.weekday, from: Date().addingTimeInterval(Double(days) * 86400))
        return ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][day - 1]
    }

    private func date(in days: Int) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86400))
    }

    private func object(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    private func cli(_ arguments: [String]) throws -> String {
        let result = try scenario.control(arguments + (["list", "next", "skip", "pause", "resume", "enable", "disable"].contains(arguments[0])
            ? ["--alarms", scenario.alarmsPath] : []))
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// `id@at` of the next ring as each face names it.
    private func nextRing(web: WebClient, broker: MosquittoBroker) throws -> [String: String] {
        func ring(_ value: Any?) -> String {
            guard let ring = value as? [String: Any], let id = ring["id"] as? String, let at = ring["at"] as? String else { return "none" }
            return "\(id)@\(at)"
        }
        let listed = (object(try cli(["list", "--json"])) as? [[String: Any]] ?? [])
            .compactMap { alarm -> (String, Int, String)? in
                guard let at = alarm["next"] as? String else { return nil }
                return (at, alarm["position"] as? Int ?? 0, alarm["id"] as? String ?? "?")
            }
            .min { ($0.0, $0.1) < ($1.0, $1.1) }
        let retained = try broker.retained("alarmplay/pi1/#")
        let mqttID = (object(retained["alarmplay/pi1/next/attributes"] ?? "") as? [String: Any])?["id"] as? String
        return [
            "list": listed.map { "\($0.2)@\($0.0)" } ?? "none",
            // Skipped rings are where they fall in time: the next ring is the first entry without "skipped".
            "next": ring((object(try cli(["next", "--json"])) as? [[String: Any]])?.first { $0["skipped"] == nil }),
            "status": ring((object(try cli(["status", "--json"])) as? [String: Any])?["next"]),
            "page": ring(try web.get("/api/status").object["next"]),
            "mqtt": retained["alarmplay/pi1/next"].flatMap { $0 == "None" ? nil : "\(mqttID ?? "?")@\($0)" } ?? "none",
        ]
    }

    private func assertAgree(_ expected: String, web: WebClient, broker: MosquittoBroker, _ step: String, line: UInt = #line) throws {
        // Home Assistant's states follow a change within a second.
        Thread.sleep(forTimeInterval: 1)
        let named = try nextRing(web: web, broker: broker)
        XCTAssertEqual(Set(named.values).count, 1, "\(step): the faces disagree: \(named)", line: line)
        XCTAssertTrue(named["status"]?.hasPrefix(expected + "@") == true, "\(step): expected \(expected) next: \(named)", line: line)
    }

    func testEveryFaceNamesTheSameNextRing() throws {
        let broker = try MosquittoBroker()
        try broker.start()
        let due = scenario.at(secondsAhead: 3)
        let time = due.json.components(separatedBy: "\"")[3]
        // A one-shot without a date (rings at its next time, then is done), one to snooze, and two
        // weekly alarms later in the week, so that a forgotten done or snooze names the wrong one.
        try scenario.writeAlarms([
            "{\"id\": \"soon\", \"time\": \"\(time)\", \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1s\"}",
            "{\"id\": \"nap\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\", \"snooze\": \"10m\"}",
            "{\"id\": \"weekly\", \"time\": \"06:00\", \"days\": \"\(weekday(in: 2))\", \"sound\": \"tone:beep\"}",
            "{\"id\": \"later\", \"time\": \"06:00\", \"days\": \"\(weekday(in: 3))\", \"sound\": \"tone:beep\"}",
        ])
        let run = try scenario.startRun(["--mqtt", broker.url, "--mqtt-id", "pi1"])
        XCTAssertNotNil(run.waitForLog("event=mqtt_connected", timeout: 10), run.stderr)
        let web = try WebClient(run: run, home: scenario.home)

        XCTAssertNotNil(run.waitForLog("event=fired id=nap", timeout: 10), run.stderr)
        XCTAssertNotNil(run.waitForLog("event=silenced id=soon", timeout: 5), run.stderr)
        _ = try cli(["snooze", "nap"])
        try assertAgree("nap", web: web, broker: broker, "snoozed")

        _ = try cli(["stop", "nap"])
        try assertAgree("weekly", web: web, broker: broker, "done one-shots, snooze dismissed")

        _ = try cli(["skip", "weekly"])
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 5), run.stderr)
        try assertAgree("later", web: web, broker: broker, "skipped")

        _ = try cli(["pause", "--until", date(in: 4)])
        XCTAssertNotNil(run.waitForLog("paused_until=", timeout: 5), run.stderr)
        try assertAgree("weekly", web: web, broker: broker, "paused")

        _ = try cli(["resume"])
        _ = try cli(["disable", "later"])
        Thread.sleep(forTimeInterval: 0.5)
        try assertAgree("weekly", web: web, broker: broker, "resumed, later disabled")

        _ = try cli(["enable", "soon"])
        XCTAssertNotNil(run.waitForLog("event=rearmed id=soon", timeout: 5), run.stderr)
        try assertAgree("soon", web: web, broker: broker, "a rung one-shot switched on again")

        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
