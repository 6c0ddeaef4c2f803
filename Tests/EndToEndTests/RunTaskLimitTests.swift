import Foundation
import Synchronization
import XCTest

/// `run` under a task limit (systemd's `TasksMax`, here a pids cgroup of its own) reached after
/// start-up, while another process holds the alarms file's lock and 40 page clients edit at once:
/// the edits wait on `run`'s own workers or are refused as busy (503, `Retry-After`), none runs on
/// the loop, so `status` answers, the alarm due rings on its second and SIGTERM ends `run` at once.
final class RunTaskLimitTests: XCTestCase {
    var scenario: RunScenario!
    private var group = ""

    override func setUpWithError() throws {
        try requireRoot("a pids cgroup stands for systemd's TasksMax")
        let pids = "/sys/fs/cgroup/pids"
        guard FileManager.default.isWritableFile(atPath: pids + "/cgroup.procs") else {
            throw XCTSkip("no writable pids cgroup (cgroup v1) at \(pids) to limit the tasks")
        }
        group = pids + "/alarmplay-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: group, withIntermediateDirectories: false)
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario?.tearDown()
        if !group.isEmpty { rmdir(group) }
    }

    private func threads(of pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.split(separator: "\t").last ?? "") ?? 0
    }

    func testEditsFloodingBehindAHeldLockNeverStopTheLoopAndAStopEndsRunAtOnce() throws {
        let due = scenario.at(secondsAhead: 10)
        try scenario.writeAlarms([
            "{\"id\": \"work\", \"time\": \"06:45\", \"days\": \"weekdays\", \"sound\": \"tone:beep\"}",
            "{\"id\": \"soon\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"}",
        ])
        let holder = try scenario.holdAlarmsLock(seconds: 120)
        defer { holder.signal(SIGKILL) }
        let run = try scenario.startRun()
        let web = try WebClient(run: run, home: scenario.home)
        // The limit comes after start-up: a few tasks more than `run` has now (a ring and what goes
        // with it take up to four: the ringer, its device opener, the mixer's and the state's writers).
        let pid = run.processIdentifier
        try String(threads(of: pid) + 8).write(toFile: group + "/pids.max", atomically: false, encoding: .utf8)
        try String(pid).write(toFile: group + "/cgroup.procs", atomically: false, encoding: .utf8)

        let replies = Replies()
        let editors = (0..<40).map { index in
            Thread {
                if let reply = try? web.send("PATCH", "/api/alarms/work", body: "{\"label\": \"Edit \(index)\"}") {
                    replies.list.withLock { $0.append(reply) }
                }
            }
        }
        for editor in editors { editor.start() }
        XCTAssertTrue(wait(until: 15) { replies.list.withLock { $0.count } == 40 }, "\(replies.list.withLock { $0.count }) of 40 edits answered")
        let statuses = replies.list.withLock { $0.map(\.status) }
        XCTAssertTrue(statuses.allSatisfy { $0 == 202 || $0 == 503 }, "\(statuses)")
        let busy = try XCTUnwrap(replies.list.withLock { $0.first { $0.status == 503 } }, "no edit was refused: \(statuses)")
        XCTAssertTrue(busy.headers.lowercased().contains("retry-after: 5"), busy.headers)
        XCTAssertTrue(busy.body.contains("requests wait already"), busy.body)

        let asked = Date()
        let status = try scenario.control(["status", "--json"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(asked), 5, "status waited for the edits")

        XCTAssertNotNil(run.waitForLog("event=fired id=soon", timeout: 15), run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=soon").first)
        let late = Int(fired.components(separatedBy: "late_ms=").last!.prefix { $0.isNumber }) ?? 9999
        XCTAssertLessThan(late, onItsSecond, fired)

        let stopped = Date()
        run.signal(SIGTERM)
        let ended = run.wait(timeout: 30)
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 5, "SIGTERM took seconds with workers waiting on the lock")
        XCTAssertEqual(ended.status, 0, ended.stderr)
    }
}

/// The page's answers, from the threads that waited for them.
private final class Replies: Sendable {
    let list = Mutex<[WebReply]>([])
}
