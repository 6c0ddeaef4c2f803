@testable import AlarmCore
import UnitTestSupport
import XCTest

/// The bedtime reminder: one a night, for the first ring of the next morning, said once. (UTC;
/// Mon 7 Dec 2026.)
final class BedtimePlanTests: XCTestCase {
    private func alarm(_ time: String, _ id: String, bedtime: Bedtime? = Bedtime(sleep: 8 * 3600, before: 15 * 60), position: Int = 1) -> Alarm {
        var made = UnitTestSupport.alarm(time, days("weekdays"), id: id, position: position)
        made.settings.bedtime = bedtime
        return made
    }

    func testTheReminderComesAtTheRingLessSleepAndBeforeOnceForTheMorningsFirstRing() {
        withTimeZone("UTC") {
            var plan = BedtimePlan()
            let alarms = [alarm("06:45", "work"), alarm("07:30", "late", position: 2)]
            let evening = plan.step(now: instant("2026-12-07T20:00:00+00:00"), alarms: alarms, state: DaemonState(), pausedUntil: nil)
            XCTAssertEqual(evening.due, [])
            XCTAssertEqual(evening.next, instant("2026-12-07T22:30:00+00:00"), "06:45 − 8 h − 15 m; not 07:30's")
            let due = plan.step(now: instant("2026-12-07T22:30:00+00:00"), alarms: alarms, state: DaemonState(), pausedUntil: nil)
            XCTAssertEqual(due.due, [BedtimePlan.Due(alarm: "work", ring: instant("2026-12-08T06:45:00+00:00"), sound: nil)])
            XCTAssertEqual(plan.step(now: instant("2026-12-07T22:40:00+00:00"), alarms: alarms, state: DaemonState(), pausedUntil: nil).due, [],
                           "said once")
        }
    }

    func testAPausedOrSkippedMorningHasNoReminderAndAnAlarmWithoutBedtimeNone() {
        withTimeZone("UTC") {
            var plan = BedtimePlan()
            let paused = plan.step(now: instant("2026-12-07T20:00:00+00:00"), alarms: [alarm("06:45", "work")], state: DaemonState(),
                                   pausedUntil: try! CalendarDate(parsing: "2026-12-09"))
            XCTAssertEqual(paused.next, instant("2026-12-08T22:30:00+00:00"), "the night before the first ring the pause lets through")
            var skipping = alarm("06:45", "work")
            skipping.skip = instant("2026-12-08T06:45:00+00:00")
            XCTAssertEqual(plan.step(now: instant("2026-12-07T20:00:00+00:00"), alarms: [skipping], state: DaemonState(), pausedUntil: nil).next,
                           instant("2026-12-08T22:30:00+00:00"))
            XCTAssertNil(plan.step(now: instant("2026-12-07T20:00:00+00:00"), alarms: [alarm("06:45", "work", bedtime: nil)],
                                   state: DaemonState(), pausedUntil: nil).next)
        }
    }

    func testTheFilesBedtimeIsEveryAlarmsAndAnAlarmMayTurnItOff() throws {
        let file = try AlarmFile.parse("""
            {"bedtime": {"sleep": "7h30m", "sound": "tone:chime"},
             "alarms": [{"id": "work", "time": "06:45"}, {"id": "nap", "time": "14:00", "bedtime": false}]}
            """, path: "alarms.json", sounds: nil)
        XCTAssertEqual(file.alarms[0].settings.bedtime, Bedtime(sleep: 27_000, before: 900, sound: .name("tone:chime")))
        XCTAssertNil(file.alarms[1].settings.bedtime)
        XCTAssertThrowsError(try AlarmFile.parse(#"{"bedtime": {"slep": "8h"}, "alarms": []}"#, path: "alarms.json", sounds: nil)) { error in
            let lines = (error as? AlarmFileError)?.lines ?? []
            XCTAssertTrue(lines.contains { $0.contains("unknown key \"slep\" in \"bedtime\" (did you mean \"sleep\"?)") }, "\(lines)")
        }
    }
}
