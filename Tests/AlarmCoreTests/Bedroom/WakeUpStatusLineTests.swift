@testable import AlarmCore
@testable import FaceTerminal
@testable import FaceMQTT
import UnitTestSupport
import XCTest

/// The status line and `status --json` during a wake-up phase, from the one snapshot.
final class WakeUpStatusLineTests: XCTestCase {
    private let ring = instant("2026-12-07T06:45:00+00:00")

    func testTheStatusLineAndTheJSONSayTheAlarmIsWaking() {
        var work = alarm("06:45", days("weekdays"), id: "work", position: 1)
        work.label = "Work"
        work.settings.wakeUp = 1_200
        work.settings.wakeUpSound = .name("file:birdsong")
        let (line, json) = withTimeZone("UTC") { () -> ([String], JSONValue?) in
            let snapshot = Snapshot(alarms: [work], state: DaemonState(), pausedUntil: nil, now: ring - 720)
            return (TerminalFace.lines(snapshot), snapshot.waking.first?.json(now: snapshot.now, format: TimeFormat()))
        }
        XCTAssertEqual(line, ["🌅 waking: Work, rings Mon 07 Dec 06:45 (in 12m) · 40% · x stops that ring · Ctrl-C quits"])
        XCTAssertEqual(json?["progress"]?.numberValue?.double, 0.4)
        XCTAssertEqual(json?["since"]?.stringValue, "2026-12-07T06:25:00+00:00")
        XCTAssertEqual(json?["ring"]?.stringValue, "2026-12-07T06:45:00+00:00")
        XCTAssertEqual(json?["sound"]?.stringValue, "file:birdsong")
    }
}
