@testable import AlarmCore
@testable import AlarmCLI
import UnitTestSupport
import XCTest

final class DoctorChecksTests: XCTestCase {
    func testCheckLinesAndBlockingOutcomes() {
        XCTAssertEqual(DoctorCheck.ok("clock", "synchronised").line, "✔ clock: synchronised")
        let broken = DoctorCheck("mixer", .failed, "Master muted", fix: "unmute it")
        XCTAssertEqual(broken.line, "✘ mixer: Master muted — unmute it")
        XCTAssertEqual(broken.json["blocking"]?.boolValue, true)
        XCTAssertEqual(DoctorChecks.clock(synchronised: false).outcome, .advice)
        XCTAssertEqual(DoctorChecks.wake(canWake: true, reason: nil, rtc: true).outcome, .ok)
        let noRTC = DoctorChecks.wake(canWake: true, reason: nil, rtc: false)
        XCTAssertEqual(noRTC.outcome, .advice)
        XCTAssertTrue(noRTC.message.contains("no RTC"), noRTC.message)
    }

    func testNextRingNamesTheAlarmOrSaysNoneWillRing() throws {
        let file = try AlarmFile.parse("{\"alarms\": [{\"id\": \"work\", \"label\": \"Work\", \"time\": \"06:45\", \"days\": \"daily\"}]}",
                                       path: "a.json", sounds: nil)
        let (check, ring) = DoctorChecks.nextRing(file, state: DaemonState(), now: 0)
        XCTAssertEqual(check.outcome, .ok)
        XCTAssertEqual(ring?.alarm.name, "work")
        XCTAssertTrue(check.message.hasPrefix("work (Work) "), check.message)
        let off = try AlarmFile.parse("{\"alarms\": [{\"time\": \"06:45\", \"enabled\": false}]}", path: "a.json", sounds: nil)
        XCTAssertEqual(DoctorChecks.nextRing(off, state: DaemonState(), now: 0).0.outcome, .failed)
        XCTAssertEqual(DoctorChecks.nextRing(nil, state: DaemonState(), now: 0).0.outcome, .failed)
    }

    func testStateFolderWritableOrNot() {
        XCTAssertEqual(DoctorChecks.stateFolder("/tmp").outcome, .ok)
        XCTAssertEqual(DoctorChecks.stateFolder("/proc/no-such-folder").outcome, .failed)
    }
}
