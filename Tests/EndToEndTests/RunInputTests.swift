@testable import FaceInput
import AlarmCore
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `run --input`: real `struct input_event` records, written into a FIFO as the kernel writes them
/// into `/dev/input/event*` (this machine has neither input devices nor uinput).
final class RunInputTests: XCTestCase {
    var scenario: RunScenario!

    override func setUpWithError() throws {
        scenario = try RunScenario()
    }

    override func tearDown() {
        scenario.tearDown()
    }

    /// A FIFO standing in for a device, and a writer that keeps it open.
    private final class Device {
        let path: String
        private var descriptor: Int32 = -1

        init(_ path: String) throws {
            self.path = path
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EEXIST) }
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        func send(_ records: [InputRecord]) {
            // A reader gone is a failed write here, not the end of the test process.
            signal(SIGPIPE, SIG_IGN)
            if descriptor < 0 { descriptor = open(path, O_WRONLY | O_NONBLOCK) }
            let bytes = records.flatMap(\.bytes) + InputRecord(kind: .other(0), code: 0, value: 0).bytes
            XCTAssertEqual(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, bytes.count)
        }

        func press(_ name: String, holding seconds: Double = 0.05) {
            let code = InputKeyNames.code(name)!
            send([InputRecord(kind: .key, code: code, value: 1)])
            Thread.sleep(forTimeInterval: seconds)
            send([InputRecord(kind: .key, code: code, value: 0)])
        }
    }

    private func ringing(_ run: RunningProcess, _ id: String = "work") {
        XCTAssertNotNil(run.waitForLog("event=fired id=\(id)", timeout: 10), run.stderr)
    }

    func testAPressSnoozesAKnobChangesTheVolumeAndALongPressStops() throws {
        let device = try Device(scenario.home.file("remote"))
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"work\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"snooze\": \"2s\", \"ringFor\": \"1m\"}"])
        let run = try scenario.startRun(["--input", device.path])
        XCTAssertNotNil(run.waitForLog("event=input_opened device=\(device.path)", timeout: 5), run.stderr)
        ringing(run)
        device.send([InputRecord(kind: .relative, code: InputKeyNames.axes["REL_DIAL"]!, value: 1)])
        XCTAssertNotNil(run.waitForLog("event=volume percent=125", timeout: 5), run.stderr)
        device.press("KEY_SPACE")
        XCTAssertNotNil(run.waitForLog("event=snoozed id=work", timeout: 5), run.stderr)
        XCTAssertTrue(run.logLines("event=input ").contains { $0.contains("name=remote key=KEY_SPACE action=snooze") }, run.stderr)
        XCTAssertTrue(run.logLines("event=input ").contains { $0.contains("key=REL_DIAL action=louder") }, run.stderr)
        XCTAssertNotNil(run.waitForLog("event=fired id=work", count: 2, timeout: 6), "the snooze's end: \(run.stderr)")
        device.press("KEY_A")
        device.press("KEY_ENTER", holding: 1.8)
        XCTAssertNotNil(run.waitForLog("event=stopped id=work", timeout: 5), run.stderr)
        XCTAssertTrue(run.logLines("event=input ").contains { $0.contains("key=\"long press\" action=stop") }, run.stderr)
        XCTAssertEqual(run.logLines("event=snoozed").count, 1, "an unmapped key and the long press's release did nothing more: \(run.stderr)")
        stop(run)
    }

    func testAMissingDeviceIsSaidOnceAndTakenWhenItAppears() throws {
        let path = scenario.home.file("later/remote")
        try FileManager.default.createDirectory(atPath: scenario.home.file("later"), withIntermediateDirectories: true)
        try #"{"inputs": [{"device": "\#(path)", "keys": {"KEY_F1": "stop"}}], "alarms": [{"id": "work", "time": "23:59"}]}"#
            .write(toFile: scenario.alarmsPath, atomically: true, encoding: .utf8)
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=input_missing device=\(path)", timeout: 5), run.stderr)
        Thread.sleep(forTimeInterval: 0.5)
        let device = try Device(path)
        XCTAssertNotNil(run.waitForLog("event=input_back device=\(path)", timeout: 3), "inotify on its folder: \(run.stderr)")
        XCTAssertEqual(run.logLines("event=input_missing").count, 1, run.stderr)
        device.press("KEY_F1")
        XCTAssertNotNil(run.waitForLog("key=KEY_F1 action=stop", timeout: 5), run.stderr)
        stop(run)
    }

    /// A path that never runs dry in the input's place: read in bounded turns, so the alarm rings
    /// on its second and the socket still answers.
    func testADeviceThatNeverRunsDryBlocksNothing() throws {
        let due = scenario.at(secondsAhead: 3)
        try scenario.writeAlarms(["{\"id\": \"work\", \(due.json), \"sound\": \"tone:beep\", \"fadeIn\": 0, \"ringFor\": \"2s\"}"])
        let run = try scenario.startRun(["--input", "/dev/zero"])
        XCTAssertNotNil(run.waitForLog("event=input_opened device=/dev/zero", timeout: 5), run.stderr)
        let started = Date()
        let status = try scenario.control(["status", "--json"])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the socket answers beside the flood")
        XCTAssertNotNil(run.waitForLog("event=fired id=work", timeout: 10), run.stderr)
        let fired = try XCTUnwrap(run.logLines("event=fired id=work").first)
        let late = try XCTUnwrap(fired.components(separatedBy: "late_ms=").last.flatMap { Int($0.prefix { $0.isNumber }) })
        XCTAssertLessThan(late, onItsSecond, fired)
        stop(run)
    }

    /// The file drops a device while its flood pause is pending: the pause must go with it (it
    /// read the freed device and aborted `run`).
    func testADeviceDroppedByAnEditWhileItFloodsIsLetGo() throws {
        let input = #"{"inputs": [{"device": "/dev/zero"}], "alarms": [{"id": "work", "time": "23:59"}]}"#
        try input.write(toFile: scenario.alarmsPath, atomically: true, encoding: .utf8)
        let run = try scenario.startRun()
        XCTAssertNotNil(run.waitForLog("event=input_opened device=/dev/zero", timeout: 5), run.stderr)
        for round in 1...5 {
            try #"{"alarms": [{"id": "work", "time": "23:59"}]}"#.write(toFile: scenario.alarmsPath, atomically: true, encoding: .utf8)
            XCTAssertNotNil(run.waitForLog("event=reloaded", count: 2 * round - 1, timeout: 5), run.stderr)
            Thread.sleep(forTimeInterval: Double(InputFace.pauseMilliseconds) / 500)
            XCTAssertTrue(run.isRunning, "run ended: \(run.stderr)")
            try input.write(toFile: scenario.alarmsPath, atomically: true, encoding: .utf8)
            XCTAssertNotNil(run.waitForLog("event=input_opened device=/dev/zero", count: round + 1, timeout: 5), run.stderr)
        }
        stop(run)
    }

    /// A knob spun (or a stuck key): the first presses of each 10 s are logged one by one, the
    /// rest as one count (each was a line: 75,000 in seconds); every press still acts.
    func testAFloodOfPressesIsLoggedAsACount() throws {
        let device = try Device(scenario.home.file("knob"))
        try scenario.writeAlarms([])
        let run = try scenario.startRun(["--input", device.path])
        XCTAssertNotNil(run.waitForLog("event=input_opened device=\(device.path)", timeout: 5), run.stderr)
        let dial = InputKeyNames.axes["REL_DIAL"]!
        for _ in 0..<10 { device.send(Array(repeating: InputRecord(kind: .relative, code: dial, value: 1), count: 100)) }
        XCTAssertNotNil(run.waitForLog("event=input_many device=\(device.path) count=", timeout: 20), run.stderr)
        XCTAssertEqual(run.logLines("event=input ").count, 5, run.stderr)
        let counted = run.logLines("event=input_many").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("count=") }.flatMap { Int($0.dropFirst(6)) }
        }
        XCTAssertEqual(counted.reduce(0, +) + 5, 1000, "every press counted: \(run.stderr)")
        stop(run)
    }

    private func stop(_ run: RunningProcess) {
        run.signal(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10).status, 0, run.stderr)
    }
}
