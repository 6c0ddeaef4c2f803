@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import Foundation
import XCTest

/// state.json written off the loop: the newest of a burst lands, the reports read back as written,
/// and a write that fails is said, not lost silently.
final class StateWriterTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "alarmplay-state-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func state(_ checked: Int) -> DaemonState {
        var state = DaemonState()
        state.lastChecked = checked
        state.snoozes["work"] = PendingSnooze(until: checked + 540, count: 1)
        state.reports = [["event": "ring_degraded", "id": "work", "reason": "cannot open audio device \"hw:9\""]]
        return state
    }

    func testTheNewestOfABurstIsWrittenAndReadsBackWithItsReports() throws {
        let store = StateStore(path: folder + "/state.json")
        let writer = StateWriter(store: store, notifier: try Notifier())
        for checked in 1...50 { writer.save(state(checked)) }
        writer.flush(state(51))
        let loaded = store.load()
        XCTAssertNil(loaded.problem)
        XCTAssertEqual(loaded.state, state(51))
        XCTAssertEqual(writer.drainFailures(), [])
    }

    func testAStateThatCannotBeWrittenIsSaid() throws {
        _ = FileManager.default.createFile(atPath: folder + "/file", contents: Data())
        let writer = StateWriter(store: StateStore(path: folder + "/file/state.json"), notifier: try Notifier())
        writer.flush(state(1))
        XCTAssertEqual(writer.drainFailures().count, 1)
    }

    func testAReportThatIsNotAnObjectIsDroppedOnReading() throws {
        let read = try DaemonState(json: JSONParser.parseStrict(#"{"alarms": {}, "reports": [{"event": "missed", "id": "a"}, 3]}"#))
        XCTAssertEqual(read.reports, [["event": "missed", "id": "a"]])
        XCTAssertNil(DaemonState().json["reports"], "none: not written")
    }

    /// Moments and counts no `run` writes are refused on reading (each overflowed a sum, or sent
    /// the folder's pick out of range, and trapped `run`).
    func testAStateOutOfRangeIsRefusedOnReading() throws {
        let good = try DaemonState(json: JSONParser.parseStrict(#"{"alarms": {}, "snoozes": {"w": {"until": 1796630400, "count": 2}}, "lastChecked": 1796630000}"#))
        XCTAssertEqual(good.snoozes["w"]?.count, 2)
        XCTAssertEqual(good.lastChecked, 1_796_630_000)
        for bad in [#""snoozes": {"w": {"until": -9223372036854775808, "count": 1}}"#,
                    #""snoozes": {"w": {"until": 70923731391734256, "count": 1}}"#,
                    #""snoozes": {"w": {"until": 1796630400, "count": -9223372036854775808}}"#,
                    #""lastChecked": -9223372036854775808"#, #""lastChecked": "soon""#] {
            XCTAssertThrowsError(try DaemonState(json: JSONParser.parseStrict(#"{"alarms": {}, "# + bad + "}")), bad)
        }
    }
}
