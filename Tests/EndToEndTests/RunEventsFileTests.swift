import AlarmCore
import Foundation
import XCTest

/// `run --events-file`: the events file face, as a script reads it.
final class RunEventsFileTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    private func events(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func testEachEventIsAJSONLineWithTheLogsFieldsAndNumbersAsNumbers() throws {
        let path = scenario.home.file("events.jsonl")
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"work\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2s\"}"])
        let run = try scenario.startRun(["--events-file", path])
        XCTAssertNotNil(run.waitForLog("event=silenced id=work", timeout: 10), run.stderr)
        XCTAssertTrue(wait(until: 2) { self.events(path).contains { $0["event"] as? String == "silenced" } })
        let written = events(path)
        let loaded = try XCTUnwrap(written.first { $0["event"] as? String == "loaded" }, "the file hears run start: \(written)")
        XCTAssertTrue(loaded["count"] is NSNumber, "\(loaded)")
        let fired = try XCTUnwrap(written.first { $0["event"] as? String == "fired" }, "\(written)")
        XCTAssertEqual(fired["id"] as? String, "work")
        XCTAssertEqual(fired["level"] as? String, "info")
        XCTAssertEqual(fired["scheduled"] as? String, TimeFormat().iso(Int(due.date.timeIntervalSince1970)))
        let late = try XCTUnwrap(fired["late_ms"] as? NSNumber, "a number, not a string: \(fired)")
        XCTAssertEqual(run.logLines("event=fired id=work").first?.contains("late_ms=\(late.intValue)"), true,
                       "the same value the log line has")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
        XCTAssertEqual(events(path).last?["event"] as? String, "exiting")
    }

    /// A FIFO that nobody reads, then a reader that stops reading: neither may hold the loop.
    func testAFIFOWithoutAReaderNeverDelaysARing() throws {
        let fifo = scenario.home.file("events.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let due = scenario.at(secondsAhead: 4)
        try scenario.writeAlarms(["{\"id\": \"work\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1s\"}"])
        let run = try scenario.startRun(["--events-file", fifo])
        // A reader that opens the FIFO and never reads: the pipe fills, later events are dropped.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        for _ in 0..<400 { _ = try scenario.control(["status"]) }
        XCTAssertNotNil(run.waitForLog("event=fired id=work", timeout: 10), run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=work").first)
        let late = try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, fired)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    /// A file that cannot be written is said once (and tried again later); the alarm rings regardless.
    func testAnUnwritableFileIsReportedAndTheAlarmStillRings() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"work\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1s\"}"])
        let run = try scenario.startRun(["--events-file", "/nonexistent/folder/events.jsonl"])
        XCTAssertNotNil(run.waitForLog("event=fired id=work", timeout: 10), run.stderr)
        let failed = run.logLines("event=events_file_failed")
        XCTAssertEqual(failed.count, 1, run.stderr)
        XCTAssertTrue(failed.first?.contains("path=/nonexistent/folder/events.jsonl reason=\"No such file or directory\"") == true, run.stderr)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
