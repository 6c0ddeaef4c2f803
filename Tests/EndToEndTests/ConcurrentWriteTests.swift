import Foundation
import XCTest

/// Writes lose nothing: concurrent `add`s all land, and a writer killed at any instant leaves
/// the old or the new file, never a torn one.
final class ConcurrentWriteTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var environment: [String: String] = [:]
    private var alarmsPath: String { home.file("config/alarmplay/alarms.json") }

    override func setUpWithError() throws {
        home = try TemporaryDirectory("alarmplay-concurrent")
        environment = AlarmPlayBinary.environment(home: home)
    }

    override func tearDown() {
        home.remove()
    }

    func testFiftyAddsStartedAtOnceAllLand() throws {
        let children = try (0..<50).map { _ in try ChildProcess(["add", "07:00", "--days", "weekdays"], environment: environment) }
        let statuses = children.map { $0.wait() }
        XCTAssertEqual(statuses, Array(repeating: 0, count: 50))
        let ids = try alarmIDs()
        XCTAssertEqual(ids.count, 50)
        XCTAssertEqual(Set(ids).count, 50, "ids must be unique")
        XCTAssertEqual(Set(ids), Set(["07h00"] + (2...50).map { "07h00-\($0)" }))
        let validate = try ChildProcess.run(["validate"], environment: environment)
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stdout.hasPrefix("50 alarms, 50 enabled; next: "), validate.stdout)
    }

    func testAWriterKilledAtAnyInstantNeverLeavesATornFile() throws {
        // A big file makes each write long enough for kills to land inside it (long labels: an
        // alarms file has at most 1,000 alarms).
        let filler = (0..<900).map { #"{"id": "filler-\#($0)", "time": "05:00", "label": "\#(String(repeating: "x", count: 200))"}"# }
        try home.write("config/alarmplay/alarms.json", "{\"alarms\": [\n" + filler.joined(separator: ",\n") + "\n]}\n")
        var generator = SystemRandomNumberGenerator()
        var previousCount = 900
        var killedWhileWriting = 0
        for round in 0..<40 {
            let writer = try ChildProcess(["add", "07:00", "--id", "added-\(round)"], environment: environment)
            let reader = try ChildProcess(["validate"], environment: environment)
            var sawTemporary = false
            if round.isMultiple(of: 2) {
                // Any instant: reading and checking the file all the while.
                // At least one read a round, however slow a loaded machine reads the big file.
                let deadline = Date().addingTimeInterval(Double.random(in: 0...0.4, using: &generator))
                repeat {
                    let count = try alarmIDs().count
                    XCTAssertTrue(count == previousCount || count == previousCount + 1, "round \(round): \(count) alarms")
                } while Date() < deadline
            } else {
                // Between writing the temp file and renaming it over the original.
                sawTemporary = waitForTemporaryFile(of: writer)
            }
            writer.kill()
            // The kill may land after the rename (during the directory fsync): only count it.
            if writer.wait() == 128 + SIGKILL, sawTemporary, !temporaryFiles().isEmpty {
                killedWhileWriting += 1
            }
            XCTAssertEqual(reader.wait(), 0, "validate while writing, round \(round)")
            let after = try ChildProcess.run(["validate"], environment: environment)
            XCTAssertEqual(after.status, 0, "round \(round): \(after.stderr)")
            let count = try alarmIDs().count
            XCTAssertTrue(count == previousCount || count == previousCount + 1, "round \(round): \(count) alarms")
            previousCount = count
        }
        XCTAssertGreaterThan(killedWhileWriting, 0, "some writers must have been killed with their temp file written")
        XCTAssertEqual(try ChildProcess.run(["add", "08:00"], environment: environment).status, 0)
        XCTAssertEqual(temporaryFiles(), [], "the next writer removes what killed writers left")
    }

    private func temporaryFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.file("config/alarmplay"))) ?? []
        return names.filter { $0.hasPrefix("alarms.json.tmp-") }
    }

    /// Polls for the writer's temp file; false when the writer finished (or 2 s passed) first.
    private func waitForTemporaryFile(of writer: ChildProcess) -> Bool {
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline, !writer.hasExited {
            if !temporaryFiles().isEmpty { return true }
        }
        return false
    }

    /// The ids in the file; fails the test if it is not complete JSON.
    private func alarmIDs() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: alarmsPath))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let alarms = try XCTUnwrap(object?["alarms"] as? [[String: Any]], "alarms array")
        return alarms.compactMap { $0["id"] as? String }
    }
}
