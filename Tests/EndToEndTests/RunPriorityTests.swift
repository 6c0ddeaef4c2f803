import Foundation
import XCTest

/// The priority an alarm deserves: with CAP_SYS_NICE (root here, the system unit's ambient
/// capability in a service) `run`'s loop and ringer threads are on real-time scheduling; without
/// it they are not, and the log and status say so. Read from the kernel's own view of the threads.
final class RunPriorityTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// The scheduling policy of each of the process's threads (field 41 of /proc/PID/task/TID/stat:
    /// 0 normal, 2 SCHED_RR).
    private func policies(_ pid: pid_t) -> [Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { task in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm)" the fields count from 3.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 38 ? Int(fields[38]) : nil
        }
    }

    private func alarm(_ id: String, secondsAhead: Int) -> String {
        "{\"id\": \"\(id)\", \(scenario.at(secondsAhead: secondsAhead).json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"1m\"}"
    }

    /// What `run` starts (a hook here; worker threads, curl) is back on the normal scheduler.
    func testWithCapSysNiceTheLoopAndTheRingerRunRealTimeAndWhatTheyStartDoesNot() throws {
        try requireRoot("CAP_SYS_NICE for real-time threads")
        let hookSaw = scenario.home.file("hook-policy")
        let script = scenario.home.file("policy.sh")
        try scenario.home.write("policy.sh", "#!/bin/sh\ncut -d')' -f2 /proc/self/stat | cut -d' ' -f40 > \(hookSaw)\n")
        chmod(script, 0o755)
        let hooked = alarm("wake", secondsAhead: 3).dropLast() + ", \"hooks\": [{\"on\": \"fired\", \"run\": [\"\(script)\"]}]}"
        try scenario.writeAlarms([String(hooked)])
        let run = try scenario.startRun(["--no-http"])
        XCTAssertNotNil(run.waitForLog("event=priority scheduler=rr rt_priority=10"), run.stderr)
        XCTAssertTrue(try scenario.control(["status", "--json"]).stdout.contains("\"scheduler\": \"rr\""))
        XCTAssertNotNil(run.waitForLog("event=fired id=wake", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        let ringing = policies(run.processIdentifier)
        XCTAssertGreaterThanOrEqual(ringing.filter { $0 == 2 }.count, 2, "the loop and the ringer on SCHED_RR: \(ringing)")
        XCTAssertNotNil(run.waitForLog("event=hook_done id=wake", timeout: 5), run.stderr)
        XCTAssertEqual(try String(contentsOfFile: hookSaw, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "0",
                       "the hook runs on the normal scheduler")
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }

    func testWithoutItTheThreadsStayNormalItSaysWhyAndTheAlarmStillRings() throws {
        try requireRoot("setpriv takes CAP_SYS_NICE out of the bounding set")
        try scenario.writeAlarms([alarm("plain", secondsAhead: 3)])
        let run = RunningProcess(
            ["--bounding-set", "-sys_nice", "--inh-caps", "-sys_nice", AlarmPlayBinary.path, "run", "--alarms", scenario.alarmsPath,
             "--device", "pulse", "--no-http"],
            environment: scenario.environment, executable: "/usr/bin/setpriv")
        try run.start()
        let said = try XCTUnwrap(run.waitForLog("event=priority scheduler=normal").flatMap { _ in run.logLines("event=priority").first }, run.stderr)
        XCTAssertTrue(said.contains("CAP_SYS_NICE"), said)
        XCTAssertNotNil(run.waitForLog("event=fired id=plain", timeout: 10), run.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(policies(run.processIdentifier).filter { $0 == 2 }, [], "no thread on real-time scheduling")
        let doctor = try scenario.control(["doctor"])
        XCTAssertTrue(doctor.stdout.contains("normal priority (the system service gets real-time)"), doctor.stdout)
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0)
    }
}
