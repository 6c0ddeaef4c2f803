import Foundation
import Synchronization
import XCTest

/// Big inputs never hold the loop: an alarms file at its limit (1,000 alarms, a daily ring each)
/// rings on its second while page clients ask `/api/status` and `/api/alarms` without pause, and
/// a file of 100,000 alarms (8.7 MB, under the size cap) written meanwhile is refused with its
/// problem located, the schedule in force staying.
final class RunBigFileTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// `count` daily alarms, none ringing within the test (two hours ahead and later).
    private func dailyAlarms(_ count: Int) -> [String] {
        let hour = (Calendar(identifier: .gregorian).component(.hour, from: Date()) + 2) % 24
        return (0..<count).map { index in
            String(format: "{\"id\": \"daily-%d\", \"time\": \"%02d:%02d:%02d\", \"sound\": \"tone:beep\"}", index, (hour + index / 600) % 24,
                   index / 10 % 60, index % 60)
        }
    }

    func testARingIsOnItsSecondWithTheFileAtItsLimitAndStatusAskedAllTheWhile() throws {
        // A debug build parses the 8 MB file in about 2 s of CPU, several times that with CI's jobs
        // beside it: the ring is due well after the refusal can come.
        let due = scenario.at(secondsAhead: 40)
        try scenario.writeAlarms(dailyAlarms(999) + ["{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"}"])
        let run = try scenario.startRun()
        let web = try WebClient(run: run, home: scenario.home)

        let huge = scenario.home.file("huge.json")
        try ("{\"alarms\": [\n" + dailyAlarms(100_000).joined(separator: ",\n") + "\n]}\n").write(toFile: huge, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(huge, scenario.alarmsPath), 0)
        XCTAssertNotNil(run.waitForLog("event=reload_failed", timeout: 35), run.stderr)
        XCTAssertTrue(run.stderr.contains("100000 alarms, more than the 1000 an alarms file may have"), run.stderr)

        let answered = Answers()
        let askers = ["/api/status", "/api/alarms", "/api/status"].map { path in
            Thread {
                while Date() < due.date.addingTimeInterval(2) {
                    let status = (try? web.get(path))?.status ?? 0
                    answered.counts.withLock { $0["\(path) \(status)", default: 0] += 1 }
                }
            }
        }
        for asker in askers { asker.start() }
        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 50), run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first)
        let late = Int(fired.components(separatedBy: "late_ms=").last!.prefix { $0.isNumber }) ?? 9999
        XCTAssertLessThan(late, onItsSecond, fired)
        XCTAssertTrue(wait(until: 10) { askers.allSatisfy(\.isFinished) })
        let counts = answered.counts.withLock { $0 }
        XCTAssertEqual(Set(counts.keys), ["/api/status 200", "/api/alarms 200"], "\(counts)")

        let status = try web.get("/api/status")
        XCTAssertEqual(status.object["alarms"] as? Int, 1000, status.body)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}

/// How many requests got which status, from the threads that asked.
private final class Answers: Sendable {
    let counts = Mutex([String: Int]())
}
