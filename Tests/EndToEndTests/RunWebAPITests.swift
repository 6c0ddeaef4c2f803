import AlarmCore
import Foundation
import XCTest

/// The page's JSON API against a real `run` over a real socket (curl): the token rules, every
/// endpoint, the alarms file it writes, and bad input that must change nothing.
final class RunWebAPITests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private let workAlarm = "{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}"

    private func start(_ alarms: [String]) throws -> (RunningProcess, WebClient) {
        try scenario.writeAlarms(alarms)
        let run = try scenario.startRun()
        return (run, try WebClient(run: run, home: scenario.home))
    }

    private func alarmsFile() throws -> String {
        try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
    }

    func testTheTokenIsRequiredAndGuessingIsThrottled() throws {
        let (run, client) = try start([workAlarm])
        var anonymous = client
        anonymous.token = nil
        let missing = try anonymous.get("/api/status")
        XCTAssertEqual(missing.status, 401)
        XCTAssertTrue(missing.headers.contains("Content-Type: application/json"), missing.headers)
        XCTAssertTrue(missing.error?.contains("missing token") == true, missing.body)
        XCTAssertFalse(missing.body.contains("ringing"), "a 401 says nothing else")
        XCTAssertEqual(try anonymous.get("/").status, 401, "the page itself needs the token too")

        let page = try anonymous.get("/?token=\(client.token!)")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("<html"), page.body)
        XCTAssertTrue(page.headers.contains("Set-Cookie: alarmplay_token="), page.headers)
        let cookie = try anonymous.send("GET", "/app.js", headers: ["Cookie: alarmplay_token=\(client.token!)"])
        XCTAssertEqual(cookie.status, 200, "the page's files load with the cookie the page set")
        let forged = try anonymous.send("POST", "/api/stop", headers: ["Cookie: alarmplay_token=\(client.token!)"])
        XCTAssertEqual(forged.status, 401, "a cookie alone cannot change anything (cross-site forms)")
        XCTAssertEqual(try anonymous.get("/api/status?token=\(client.token!)").status, 401, "the API takes the header only")

        var guesser = client
        guesser.token = String(repeating: "0", count: 32)
        for attempt in 1...20 {
            XCTAssertEqual(try guesser.get("/api/status").status, 401, "attempt \(attempt)")
        }
        XCTAssertEqual(try guesser.get("/api/status").status, 401, "the 21st is still counted")
        XCTAssertEqual(try guesser.get("/api/status").status, 429)
        XCTAssertEqual(try client.get("/api/status").status, 200, "the right token from the same address is still served")
        XCTAssertEqual(try guesser.get("/api/status").status, 429, "while the guesses wait out the minute")
        XCTAssertFalse(run.stderr.contains(client.token!), "the token never appears in the log")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAlarmsAreAddedChangedAndRemovedThroughTheLockedWriter() throws {
        try scenario.home.write("alarms.json", """
            {
              "defaults": {"volume": 0.6, "snooze": "5m"},
              "alarms": [
                \(workAlarm)
              ]
            }

            """)
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)

        let added = try client.send("POST", "/api/alarms", body: "{\"time\": \"7:30\", \"label\": \"Gym\", \"days\": [\"sat\", \"sun\"], \"fadeIn\": \"10s\"}")
        XCTAssertEqual(added.status, 201, added.body)
        XCTAssertEqual(added.object["id"] as? String, "gym")
        XCTAssertEqual(added.object["time"] as? String, "07:30")
        XCTAssertEqual(added.object["volume"] as? Double, 0.6, "defaults apply")
        var file = try alarmsFile()
        XCTAssertTrue(file.contains("\"defaults\": {"), file)
        XCTAssertTrue(file.contains("\"id\": \"gym\""), file)
        XCTAssertLessThan(try XCTUnwrap(file.range(of: "\"work\"")).lowerBound, try XCTUnwrap(file.range(of: "\"gym\"")).lowerBound)
        XCTAssertNotNil(run.waitForLog("event=reloaded count=2", timeout: 5), "run learns of it like any edit")

        let listed = try client.get("/api/alarms")
        XCTAssertEqual(listed.array.map { $0["id"] as? String }, ["work", "gym"])
        XCTAssertNotNil(listed.array.first?["next"] as? String)

        let patched = try client.send("PATCH", "/api/alarms/gym", body: "{\"label\": null, \"time\": \"08:00\"}")
        XCTAssertEqual(patched.status, 200, patched.body)
        XCTAssertTrue(patched.object["label"] is NSNull)
        file = try alarmsFile()
        XCTAssertTrue(file.contains("\"time\": \"08:00\""), file)
        XCTAssertFalse(file.contains("\"Gym\""), file)
        XCTAssertTrue(file.contains("\"fadeIn\": \"10s\""), "untouched fields are kept as written: \(file)")

        XCTAssertEqual(try client.send("POST", "/api/alarms/gym/disable").object["enabled"] as? Bool, false)
        XCTAssertTrue(try alarmsFile().contains("\"enabled\": false"))
        XCTAssertEqual(try client.send("POST", "/api/alarms/gym/enable").object["enabled"] as? Bool, true)
        let skipped = try client.send("POST", "/api/alarms/work/skip")
        XCTAssertEqual(skipped.object["status"] as? String, "skipped", skipped.body)
        XCTAssertTrue(try alarmsFile().contains("\"skip\": "))
        XCTAssertEqual(try client.send("POST", "/api/alarms/work/unskip").object["status"] as? String, "rings")

        let removed = try client.send("DELETE", "/api/alarms/gym")
        XCTAssertEqual(removed.object["removed"] as? String, "gym")
        XCTAssertFalse(try alarmsFile().contains("gym"))
        XCTAssertNotNil(run.waitForLog("event=reloaded count=1", timeout: 5))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testShiftMovesOnlyTheNextRingAndNullPutsItBack() throws {
        let (run, client) = try start([workAlarm])
        let usual = try XCTUnwrap(try client.get("/api/alarms").array.first?["next"] as? String)
        let moved = try client.send("POST", "/api/alarms/work/shift", body: "{\"to\": \"07:30\"}")
        XCTAssertEqual(moved.status, 200, moved.body)
        XCTAssertEqual(moved.object["shiftedFrom"] as? String, usual)
        XCTAssertEqual((moved.object["next"] as? String)?.prefix(10), usual.prefix(10), "the same day")
        XCTAssertTrue((moved.object["next"] as? String)?.hasSuffix("T07:30:00+00:00") == true, moved.body)
        XCTAssertEqual(moved.object["time"] as? String, "06:45", "the alarm keeps its own time")
        XCTAssertNotNil(run.waitForLog("event=reloaded", timeout: 5))
        let status = try client.get("/api/status").object["next"] as? [String: Any]
        XCTAssertEqual(status?["shiftedFrom"] as? String, usual)

        let later = try client.send("POST", "/api/alarms/work/shift", body: "{\"to\": \"+15m\"}")
        XCTAssertTrue((later.object["next"] as? String)?.hasSuffix("T07:45:00+00:00") == true, later.body)
        let bad = try client.send("POST", "/api/alarms/work/shift", body: "{\"to\": \"soon\"}")
        XCTAssertEqual(bad.status, 422, bad.body)
        XCTAssertTrue(bad.body.contains("invalid time"), bad.body)
        XCTAssertEqual(try client.send("POST", "/api/alarms/work/shift", body: "{}").status, 422)
        let back = try client.send("POST", "/api/alarms/work/shift", body: "{\"to\": null}")
        XCTAssertEqual(back.object["next"] as? String, usual, back.body)
        XCTAssertTrue(back.object["shiftedFrom"] is NSNull)
        XCTAssertFalse(try alarmsFile().contains("shift"))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testBadInputIsRefusedClearlyAndChangesNothing() throws {
        let (run, client) = try start([workAlarm])
        let before = try alarmsFile()
        let cases: [(String, String, String?, Int, String)] = [
            ("POST", "/api/alarms", "{\"time\": ", 400, "not valid JSON"),
            ("POST", "/api/alarms", "[1, 2]", 400, "must be a JSON object"),
            ("POST", "/api/alarms", "{\"time\": \"07:00\", \"colour\": \"red\"}", 422, "unknown field \"colour\""),
            ("POST", "/api/alarms", "{\"time\": \"07:00\", \"volume\": \"loud\"}", 422, "volume"),
            ("POST", "/api/alarms", "{\"time\": \"25:00\"}", 422, "hour 25 out of range (00-23)"),
            ("POST", "/api/alarms", "{\"time\": \"07:00\", \"days\": [\"tues\"]}", 422, "did you mean \"tue\""),
            ("PATCH", "/api/alarms/nobody", "{\"label\": \"x\"}", 404, "no alarm \"nobody\""),
            // What is named comes first: an unknown alarm is 404 whatever the body, as for DELETE.
            ("PATCH", "/api/alarms/nosuch", nil, 404, "no alarm \"nosuch\""),
            ("PATCH", "/api/alarms/nosuch", "{}", 404, "no alarm \"nosuch\""),
            ("PATCH", "/api/alarms/nosuch", "{\"colour\": \"red\"}", 404, "no alarm \"nosuch\""),
            ("PATCH", "/api/alarms/work", "{}", 400, "nothing to change"),
            ("POST", "/api/alarms/nobody/enable", nil, 404, "no alarm"),
            ("DELETE", "/api/alarms/nobody", nil, 404, "no alarm"),
            ("POST", "/api/sounds/..%2F..%2Fetc/preview", "{}", 404, "no such path"),
            ("POST", "/api/sounds/nothing-like-this/preview", "{}", 404, "nothing-like-this"),
            ("POST", "/api/sounds?name=..%2F..%2Fx.wav", "RIFF", 400, "not a plain file name"),
            ("POST", "/api/sounds?name=notes.txt", "hello", 415, "not a sound file name"),
            ("POST", "/api/sounds?name=fake.wav", "this is not audio", 415, "cannot be played"),
            ("POST", "/api/timer", "{\"duration\": \"soon\"}", 422, "duration"),
            ("POST", "/api/snooze", "{\"id\": 3}", 422, "id must be a string"),
            ("POST", "/api/stop", nil, 409, "nothing is ringing"),
            ("GET", "/api/nowhere", nil, 404, "no such path"),
            ("PUT", "/api/alarms", "{}", 405, "not allowed"),
            ("DELETE", "/api/status", nil, 405, "not allowed"),
        ]
        for (method, path, body, status, message) in cases {
            let reply = try client.send(method, path, body: body)
            XCTAssertEqual(reply.status, status, "\(method) \(path): \(reply.body)")
            let said = reply.error ?? reply.problems.map(\.1).joined(separator: "; ")
            XCTAssertTrue(said.contains(message), "\(method) \(path): expected \(message) in \(reply.body)")
        }
        let problems = try client.send("POST", "/api/alarms", body: "{\"time\": \"25:00\"}").problems
        XCTAssertEqual(problems.first?.0, "time")
        XCTAssertEqual(problems.first?.1, "hour 25 out of range (00-23)")

        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try scratch.write("latin1.json", "")
        _ = FileManager.default.createFile(atPath: scratch.file("latin1.json"), contents: Data([0x7B, 0x22, 0x6C, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]))
        let latin1 = try client.send("POST", "/api/alarms", file: scratch.file("latin1.json"))
        XCTAssertEqual(latin1.status, 400, latin1.body)
        XCTAssertTrue(latin1.body.contains("not UTF-8"), latin1.body)
        try scratch.write("big.json", "{\"label\": \"" + String(repeating: "x", count: 70 * 1024) + "\"}")
        XCTAssertEqual(try client.send("POST", "/api/alarms", file: scratch.file("big.json")).status, 413)

        XCTAssertEqual(try alarmsFile(), before, "the file is untouched")
        let status = try client.get("/api/status")
        XCTAssertEqual(status.status, 200, "run keeps serving")
        XCTAssertEqual(status.object["version"] as? String, Version.current, "the page shows it")
        XCTAssertTrue(run.isRunning)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testEventsStreamFiredSnoozedAndReloaded() throws {
        let due = scenario.at(secondsAhead: 3)
        let (run, client) = try start(["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"snooze\": \"1m\"}"])
        let output = scenario.home.file("events.txt")
        let stream = try client.openEvents(into: output)
        defer { stream.signal(SIGTERM) }
        let events = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        XCTAssertTrue(wait(until: 5) { events().contains("event: snapshot") }, "a snapshot first")

        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 10), run.stderr)
        XCTAssertTrue(wait(until: 2) { events().contains("\"event\": \"fired\", \"level\": \"info\"") }, events())
        XCTAssertTrue(events().contains("\"id\": \"soon\""), events())
        let firedLine = try XCTUnwrap(events().split(separator: "\n").first { $0.hasPrefix("data: ") && $0.contains("\"fired\"") })
        let fired = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(firedLine.dropFirst(6).utf8)) as? [String: Any])
        XCTAssertTrue(fired["late_ms"] is NSNumber, "numbers reach the stream as JSON numbers: \(firedLine)")
        let ringing = try client.get("/api/status").object["ringing"] as? [[String: Any]]
        XCTAssertEqual(ringing?.first?["id"] as? String, "soon")

        let snoozed = try client.send("POST", "/api/snooze", body: "{\"id\": \"soon\"}")
        XCTAssertEqual(snoozed.status, 200, snoozed.body)
        XCTAssertTrue((snoozed.object["message"] as? String)?.hasPrefix("snoozed soon until") == true, snoozed.body)
        XCTAssertTrue(wait(until: 2) { events().contains("\"event\": \"snoozed\"") }, events())
        XCTAssertNotNil(run.waitForLog("event=snoozed id=soon", timeout: 2))

        try scenario.writeAlarms([workAlarm])
        XCTAssertTrue(wait(until: 3) { events().contains("\"event\": \"reloaded\"") }, events())
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testSoundsPreviewUploadAndATimerThatRings() throws {
        let (run, client) = try start([workAlarm])
        let sounds = try client.get("/api/sounds").array
        XCTAssertTrue(sounds.contains { $0["name"] as? String == "tone:beep" })
        let preview = try client.send("POST", "/api/sounds/tone:beep/preview", body: "{\"volume\": 0.5}")
        XCTAssertEqual(preview.status, 202, preview.body)
        XCTAssertNotNil(run.waitForLog("event=preview_started sound=tone:beep"))
        XCTAssertEqual(try client.send("DELETE", "/api/preview").status, 200)
        XCTAssertEqual(try client.send("POST", "/api/sounds/tone:beep/preview", body: "{\"volume\": 2}").status, 422)

        let uploaded = try client.send("POST", "/api/sounds?name=Morning%20Bells.flac", file: AlarmPlayBinary.fixtures + "/sounds/tone-660.flac")
        XCTAssertEqual(uploaded.status, 201, uploaded.body)
        XCTAssertEqual(uploaded.object["name"] as? String, "file:morning-bells")
        XCTAssertTrue(FileManager.default.fileExists(atPath: scenario.home.file("data") + "/alarmplay/sounds/Morning Bells.flac"))
        XCTAssertEqual(try client.send("POST", "/api/sounds?name=Morning%20Bells.flac", file: AlarmPlayBinary.fixtures + "/sounds/tone-660.flac").status, 409)
        let names = try client.get("/api/sounds").array.compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("file:morning-bells"), "\(names)")

        let timer = try client.send("POST", "/api/timer", body: "{\"duration\": \"2s\", \"label\": \"Tea\"}")
        XCTAssertEqual(timer.status, 201, timer.body)
        XCTAssertEqual(timer.object["id"] as? String, "timer-1")
        XCTAssertNotNil(run.waitForLog("event=fired id=timer-1", timeout: 6), run.stderr)
        let status = try client.get("/api/status").object
        XCTAssertEqual((status["ringing"] as? [[String: Any]])?.first?["label"] as? String, "Tea")
        XCTAssertEqual(try client.send("POST", "/api/sounds/tone:beep/preview", body: "{}").status, 409, "a ringing alarm wins")
        XCTAssertEqual(try client.send("POST", "/api/stop").status, 200)
        XCTAssertNotNil(run.waitForLog("event=stopped id=timer-1"))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAnInvalidFileOnDiskIsShownWhileTheLastGoodScheduleStaysInForce() throws {
        let (run, client) = try start([workAlarm])
        try scenario.home.write("alarms.json", "{\"alarms\": [{\"id\": \"work\", \"time\": \"25:00\"}]}\n")
        XCTAssertNotNil(run.waitForLog("event=reload_failed", timeout: 5), run.stderr)
        let problems = try client.get("/api/status").object["problems"] as? [String]
        XCTAssertEqual(problems?.count, 1)
        XCTAssertTrue(problems?.first?.contains("hour 25 out of range (00-23)") == true, "\(problems ?? [])")
        XCTAssertEqual(try client.get("/api/alarms").array.first?["time"] as? String, "06:45", "the schedule in force")
        let refused = try client.send("POST", "/api/alarms/work/disable")
        XCTAssertEqual(refused.status, 409, refused.body)
        XCTAssertTrue(refused.body.contains("hour 25"), refused.body)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testIdleConnectionsDoNotBlockOthers() throws {
        let (run, client) = try start([workAlarm])
        let port = try XCTUnwrap(UInt16(client.base.components(separatedBy: ":").last ?? ""))
        // Fewer than an address may hold (24), from the same address as the request after them.
        let idle = (0..<20).compactMap { _ in TCPClient(port: port) }
        XCTAssertEqual(idle.count, 20)
        idle[0].send("GET /api/status HTTP/1.1\r\nHost: x\r\n")
        let start = Date()
        XCTAssertEqual(try client.get("/api/status").status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        XCTAssertTrue(idle[1].isClosed(within: 15), "an idle connection is closed by the server's time-out")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAPortInUseIsLoggedAndAlarmsStillRing() throws {
        let blocker = try SocketListener()
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1s\"}"])
        let run = try scenario.startRun(["--http", "127.0.0.1:\(blocker.port)"])
        XCTAssertNotNil(run.waitForLog("event=http_failed", timeout: 5), run.stderr)
        let failed = try XCTUnwrap(run.logLines("event=http_failed").first)
        XCTAssertTrue(failed.contains("Address already in use"), failed)
        XCTAssertFalse(failed.contains("\\n"), "MHD's line end is not logged: \(failed)")
        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 10), run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first)
        XCTAssertLessThan(Int(fired.components(separatedBy: "late_ms=").last!.prefix { $0.isNumber }) ?? 9999, onItsSecond)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
