@testable import AlarmCore
import XCTest

/// Whether a suspended machine wakes for the alarms: `status`, `doctor` and `run`'s first words agree.
final class WakeAbilityTests: XCTestCase {
    func testItWakesOnlyWithTheAlarmClockAndAnRTCAndRunSaysSoOnce() {
        let ready = WakeAbility(alarmClock: true, problem: nil, rtc: true)
        XCTAssertNil(ready.reason)
        XCTAssertEqual(ready.announcement(wakeEarly: 60), .wakeReady(earlySeconds: 60))
        let noRTC = WakeAbility(alarmClock: true, problem: nil, rtc: false)
        XCTAssertEqual(noRTC.reason, "no RTC wake alarm at \(WakeAbility.rtcPath)")
        let noCapability = WakeAbility(alarmClock: false, problem: "CLOCK_REALTIME_ALARM: Operation not permitted", rtc: true)
        guard case let .noWake(reason, hint) = noCapability.announcement(wakeEarly: 60) else { return XCTFail("said it wakes") }
        XCTAssertEqual(reason, "CLOCK_REALTIME_ALARM: Operation not permitted")
        XCTAssertTrue(hint.contains("install-service --system"), hint)
    }
}
