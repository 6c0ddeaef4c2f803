import Foundation
import XCTest

/// The attacks and accidents at the edges that once reached the alarm: the page's token asking
/// for a program to run, a FIFO or a device in the alarms file's place, an add from the phone
/// after the file was deleted. Each against a real `run`, with an alarm due or the file checked.
final class RunEdgeTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private let hooked = """
        {"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep", "hooks": [{"on": "fired", "run": ["true"]}]}
        """

    func testThePagesTokenCanNeitherAddChangeNorRemoveAProgramToRun() throws {
        try scenario.writeAlarms([hooked])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let before = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        let pwned = scenario.home.file("pwned")
        let attempts: [(String, String, String, String)] = [
            ("POST", "/api/alarms", "{\"time\": \"07:00\", \"hooks\": [{\"on\": \"fired\", \"run\": [\"touch\", \"\(pwned)\"]}]}", "hooks"),
            ("PATCH", "/api/alarms/work", "{\"hooks\": [{\"on\": \"fired\", \"run\": [\"touch\", \"\(pwned)\"]}]}", "hooks"),
            ("PATCH", "/api/alarms/work", "{\"hooks\": null}", "hooks"),
            // ALSA's `file` plugin pipes the sound into a command named in the device.
            ("PATCH", "/api/alarms/work", "{\"devices\": [\"file:'|touch \(pwned)',raw\"]}", "devices"),
            ("POST", "/api/alarms", "{\"time\": \"07:00\", \"label\": \"x\", \"devices\": \"null\"}", "devices"),
        ]
        for (method, path, body, field) in attempts {
            let reply = try client.send(method, path, body: body)
            XCTAssertEqual(reply.status, 403, "\(method) \(body): \(reply.body)")
            XCTAssertEqual(reply.problems.first?.0, field, reply.body)
            XCTAssertTrue(reply.problems.first?.1.contains("only in the alarms file itself") == true, reply.body)
        }
        XCTAssertEqual(try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8), before, "nothing was written")

        // An edit the page may make keeps the file's own hook as it was.
        let relabelled = try client.send("PATCH", "/api/alarms/work", body: "{\"label\": \"Work\"}")
        XCTAssertEqual(relabelled.status, 200, relabelled.body)
        let after = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        XCTAssertTrue(after.contains("\"label\": \"Work\""), after)
        XCTAssertEqual(try hooks(in: after), try hooks(in: before), "the hook is kept as written:\n\(after)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pwned))
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    private func hooks(in text: String) throws -> NSArray {
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let alarm = try XCTUnwrap((file["alarms"] as? [[String: Any]])?.first)
        return try XCTUnwrap(alarm["hooks"] as? NSArray)
    }

    func testAnAddFromThePhoneAfterTheFileWasDeletedKeepsEveryAlarm() throws {
        let alarms = (1...30).map { "{\"id\": \"a\($0)\", \"time\": \"0\($0 % 10):\($0 + 10)\", \"sound\": \"tone:beep\"}" }
        try scenario.writeAlarms(alarms)
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        try FileManager.default.removeItem(atPath: scenario.alarmsPath)
        XCTAssertNotNil(run.waitForLog("event=reload_failed", timeout: 5), run.stderr)
        let added = try client.send("POST", "/api/alarms", body: "{\"time\": \"06:00\", \"id\": \"new\"}")
        XCTAssertEqual(added.status, 201, added.body)
        let written = try String(contentsOfFile: scenario.alarmsPath, encoding: .utf8)
        for id in ["a1", "a17", "a30", "new"] {
            XCTAssertTrue(written.contains("\"id\": \"\(id)\""), "\(id) is in the file made again:\n\(written)")
        }
        XCTAssertNotNil(run.waitForLog("event=reloaded count=31", timeout: 5), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// A FIFO nobody writes to, then a symlink to /dev/zero, take the file's place while an
    /// alarm is due: `status` keeps answering, the schedule in force stays, the alarm rings.
    func testAFIFOOrADeviceInTheFilesPlaceNeitherStopsTheLoopNorTheRing() throws {
        let due = scenario.at(secondsAhead: 5)
        try scenario.writeAlarms(["{\"id\": \"due\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2s\"}"])
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=loaded"), run.stderr)
        let fifo = scenario.home.file("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertEqual(rename(fifo, scenario.alarmsPath), 0)
        XCTAssertNotNil(run.waitForLog("a FIFO, not a regular file", timeout: 3), run.stderr)
        let started = Date()
        let status = try scenario.control(["status"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "status answers while the FIFO is in place")
        XCTAssertTrue(status.stdout.contains("due"), status.stdout)

        XCTAssertEqual(unlink(scenario.alarmsPath), 0)
        XCTAssertEqual(symlink("/dev/zero", scenario.alarmsPath), 0)
        XCTAssertNotNil(run.waitForLog("a character device, not a regular file", timeout: 3), run.stderr)
        XCTAssertEqual(try scenario.control(["status"]).status, 0)
        XCTAssertNotNil(run.waitForLog("event=fired id=due", timeout: 10), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// Phones that opened the event stream and went away free their slots at once, not at the
    /// next keep-alive: the address can open the page again straight after.
    func testClosedEventStreamsFreeTheirSlotsAtOnce() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        for round in 0..<3 {
            let streams = try (0..<24).map { try client.openEvents(into: scenario.home.file("events-\(round)-\($0)")) }
            XCTAssertTrue(wait(until: 5) { (0..<24).allSatisfy { FileManager.default.contents(atPath: self.scenario.home.file("events-\(round)-\($0)"))?.isEmpty == false } },
                          "every stream got its greeting")
            for stream in streams { stream.signal(SIGKILL) }
            for stream in streams { _ = stream.wait(timeout: 5) }
            let started = Date()
            XCTAssertTrue(wait(until: 3) { (try? client.get("/api/status"))?.status == 200 }, "round \(round): the slots are free")
            XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        }
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// Uploads are received two at a time: the others are told to come back (503, Retry-After),
    /// so a dozen 40 MB uploads cannot fill a Pi's memory, and a clash of names is a 409 that
    /// leaves no file behind.
    func testUploadsAreReceivedTwoAtATimeAndAClashOfNamesLeavesNothing() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let big = scenario.home.file("big.wav")
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: Data(count: 40 << 20)))
        let uploads = try (0..<6).map { index in
            let process = RunningProcess(
                ["-s", "-o", "/dev/null", "-D", scenario.home.file("headers-\(index)"), "-w", "%{http_code}", "--limit-rate", "20M",
                 "-H", "Authorization: Bearer \(client.token!)", "--data-binary", "@" + big,
                 client.base + "/api/sounds?name=big-\(index).wav"], environment: [:], executable: "/usr/bin/curl")
            try process.start()
            return process
        }
        let statuses = uploads.map { $0.wait(timeout: 30).stdout }
        XCTAssertGreaterThanOrEqual(statuses.filter { $0 == "503" }.count, 3, "\(statuses)")
        XCTAssertEqual(statuses.filter { $0 != "503" }.count, statuses.filter { $0 == "415" || $0 == "400" || $0 == "422" }.count,
                       "the two received were checked and refused as no sound: \(statuses)")
        for index in statuses.indices where statuses[index] == "503" {
            let headers = try String(contentsOfFile: scenario.home.file("headers-\(index)"), encoding: .utf8)
            XCTAssertTrue(headers.contains("Retry-After: 5"), headers)
        }
        // Received into files beside the sounds, not memory (held there, two were 180 MB).
        let status = try String(contentsOfFile: "/proc/\(run.processIdentifier)/status", encoding: .utf8)
        let peak = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) })
        XCTAssertLessThan(peak, 100 * 1024, "peak RSS \(peak) kB: the uploads' bodies were not kept in memory")

        let sounds = scenario.home.file("data/alarmplay/sounds")
        let tone = AlarmPlayBinary.fixtures + "/sounds/tone-440.wav"
        XCTAssertEqual(try client.send("POST", "/api/sounds?name=ok.wav", file: tone).status, 201)
        let clash = try client.send("POST", "/api/sounds?name=OK.WAV", file: tone)
        XCTAssertEqual(clash.status, 409, clash.body)
        XCTAssertEqual(try client.send("POST", "/api/sounds?name=%20.wav", file: tone).status, 400)
        XCTAssertEqual(try client.send("POST", "/api/sounds?name=evil%E2%80%AEvaw.wav", file: tone).status, 400)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sounds), ["ok.wav"], "no upload left behind, kept or not")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// A name another site points at this machine (DNS rebinding) is refused, even with the token;
    /// the machine's own names, its addresses and names given with --http-host are served.
    func testOnlyThisMachinesNamesAreServed() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun(["--http", "127.0.0.1:0", "--http-host", "alarm.example.org"])
        let client = try WebClient(run: run, home: scenario.home)
        let rebound = try client.send("GET", "/api/status", headers: ["Host: evil.example:8137"])
        XCTAssertEqual(rebound.status, 421, rebound.body)
        XCTAssertTrue(rebound.error?.contains("does not answer to \"evil.example:8137\"") == true, rebound.body)
        for host in ["localhost:8137", "alarm.example.org", "127.0.0.1"] {
            XCTAssertEqual(try client.send("GET", "/api/status", headers: ["Host: \(host)"]).status, 200, host)
        }
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// A request must arrive whole within 10 s however its bytes trickle in: a client sending a
    /// header line a second (slowloris) is dropped then, while one that sends its request is served.
    func testARequestThatTricklesInIsDroppedAfterTenSeconds() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let client = try WebClient(run: run, home: scenario.home)
        let port = try XCTUnwrap(UInt16(client.base.components(separatedBy: ":").last ?? ""))
        let slow = try XCTUnwrap(TCPClient(port: port))
        slow.send("GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let started = Date()
        var closedAfter: TimeInterval?
        while closedAfter == nil, Date().timeIntervalSince(started) < 20 {
            slow.send("X-Trickle: \(Int(Date().timeIntervalSince(started)))\r\n")
            if slow.isClosed(within: 1) { closedAfter = Date().timeIntervalSince(started) }
        }
        let after = try XCTUnwrap(closedAfter, "never dropped")
        XCTAssertGreaterThan(after, 9, "not before its 10 s")
        XCTAssertLessThan(after, 14, "dropped at its deadline, though a byte came every second")
        XCTAssertEqual(try client.get("/api/status").status, 200)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testValidateRefusesADeviceAndAFIFOAtOnce() throws {
        let fifo = scenario.home.file("alarms-fifo.json")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for (path, kind) in [("/dev/zero", "a character device"), (fifo, "a FIFO")] {
            let started = Date()
            let result = try AlarmPlayBinary.run(["validate", "--alarms", path], environment: AlarmPlayBinary.environment(home: scenario.home), timeout: 10)
            XCTAssertEqual(result.status, 66, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(kind), not a regular file"), result.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        }
    }
}
