import Foundation
import XCTest

/// Peers that do not play along on the control socket (silent, dribbling, flooding, never
/// reading) and a half-written line on stdin: none of them may hold up `run`'s loop.
final class RunControlSocketTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// `alarmplay status`, timed from spawn to exit.
    private func timedStatus() throws -> (result: CommandResult, seconds: TimeInterval) {
        let start = Date()
        let result = try scenario.control(["status", "--json"])
        return (result, Date().timeIntervalSince(start))
    }

    private func firedLateness(_ run: RunningProcess, id: String) throws -> Int {
        let fired = try XCTUnwrap(run.logLines("event=fired id=\(id)").first, run.stderr)
        return try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
    }

    func testSilentAndDribblingClientsHoldUpNeitherStatusNorAnAlarm() throws {
        let due = scenario.at(secondsAhead: 6)
        try scenario.writeAlarms(["{\"id\": \"due\", \(due.json), \"sound\": \"tone:beep\", \"ringFor\": \"1s\", \"fadeIn\": 0}"])
        let run = try scenario.startRun(["--verbose"])
        let silent = try (0..<3).map { _ in try SocketClient(path: scenario.socketPath) }
        let dribbling = DispatchQueue(label: "dribble")
        let stopDribbling = DispatchSemaphore(value: 0)
        dribbling.async { [socketPath = scenario.socketPath] in
            // A new connection each time the last one is dropped, one byte every 0.8 s, never a newline.
            var client = try? SocketClient(path: socketPath)
            while stopDribbling.wait(timeout: .now() + 0.8) == .timedOut {
                if client?.send("s") != true { client = try? SocketClient(path: socketPath) }
            }
        }
        defer { stopDribbling.signal() }

        var slowest = 0.0
        while Date() < due.date.addingTimeInterval(1.5) {
            let status = try timedStatus()
            XCTAssertEqual(status.result.status, 0, status.result.stderr)
            slowest = max(slowest, status.seconds)
            Thread.sleep(forTimeInterval: 0.3)
        }
        // Waiting behind a silent client would take the loop's time-out for it (2 s); the rest is a
        // loaded machine starting `alarmplay status`.
        XCTAssertLessThan(slowest, 1.5, "status waited behind a silent client")
        XCTAssertNotNil(run.waitForLog("event=fired id=due", timeout: 5), run.stderr)
        XCTAssertLessThan(try firedLateness(run, id: "due"), onItsSecond)
        // The silent ones were closed by the loop's time-out (2 s), not kept forever.
        for client in silent {
            XCTAssertTrue(client.receiveAll(timeout: 1).closed, "a silent connection was never closed")
        }
        XCTAssertFalse(run.logLines("event=control_connection_dropped reason=\"no complete request line\"").isEmpty, run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAHundredConnectionsAtOnceServeThirtyTwoAndRefuseTheRest() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let clients = try (0..<100).map { _ in try SocketClient(path: scenario.socketPath) }
        for client in clients[32...] {
            let reply = client.receiveAll(timeout: 3)
            XCTAssertTrue(reply.closed, "a refused connection was left open")
            XCTAssertEqual(reply.text, "error unavailable: too many connections (at most 32); try again\n")
        }
        for client in clients[..<32] {
            XCTAssertTrue(client.send("status\n"))
        }
        for client in clients[..<32] {
            let reply = client.receiveAll(timeout: 3)
            XCTAssertTrue(reply.closed)
            XCTAssertTrue(reply.text.hasPrefix("{\"ringing\":"), reply.text)
        }
        let status = try timedStatus()
        XCTAssertEqual(status.result.status, 0, status.result.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAnOverlongLineClosesTheConnectionAndRunGoesOn() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let client = try SocketClient(path: scenario.socketPath)
        client.send(String(repeating: "x", count: 10 * 1024))
        let reply = client.receiveAll(timeout: 2)
        XCTAssertTrue(reply.closed, "the connection was left open")
        XCTAssertEqual(reply.text, "error invalid: request line longer than 1024 bytes\n")
        let status = try timedStatus()
        XCTAssertEqual(status.result.status, 0, status.result.stderr)
        XCTAssertTrue(run.isRunning)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAClientThatNeverReadsIsDroppedNotWaitedFor() throws {
        try scenario.writeAlarms([])
        let run = try scenario.startRun()
        let greedy = try SocketClient(path: scenario.socketPath)
        var accepted = 0
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, greedy.send("status\n") {
            accepted += 1
        }
        XCTAssertLessThan(Date(), deadline, "the greedy client was never dropped")
        let status = try timedStatus()
        XCTAssertEqual(status.result.status, 0, status.result.stderr)
        XCTAssertLessThan(status.seconds, 1.5, "a loaded machine starting alarmplay status; blocked would be the 5 s client time-out")
        XCTAssertGreaterThan(accepted, 0)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testAHalfLineOnStdinWaitsWithoutHoldingUpTheSocketOrAnAlarm() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms([
            "{\"id\": \"half\", \(due.json), \"sound\": \"tone:beep\", \"snooze\": \"1m\", \"fadeIn\": 0, \"ringFor\": \"1m\"}",
        ])
        let run = try scenario.startRun(interactive: true)
        run.send("sno")
        XCTAssertNotNil(run.waitForLog("event=fired id=half", timeout: 10), run.stderr)
        XCTAssertLessThan(try firedLateness(run, id: "half"), onItsSecond)
        let status = try timedStatus()
        XCTAssertEqual(status.result.status, 0, status.result.stderr)
        XCTAssertTrue(status.result.stdout.contains("\"id\": \"half\""), status.result.stdout)
        XCTAssertTrue(run.logLines("event=snoozed").isEmpty, "snoozed on half a line")
        run.send("oze\n")
        XCTAssertNotNil(run.waitForLog("event=snoozed id=half", timeout: 5), run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
