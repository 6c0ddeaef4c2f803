import AlarmCore
import UnitTestSupport
import XCTest

/// `run`'s decisions replayed on fixed instants in real zones: what rings, what is missed, and
/// when the process must wake next.
final class DueRingsTests: XCTestCase {
    private let format = TimeFormat()

    private func alarm(_ time: String, _ repeats: AlarmRepeat, id: String, position: Int = 1, ringFor: Int = 600) -> Alarm {
        var made = UnitTestSupport.alarm(time, repeats, id: id, position: position)
        made.settings.ringFor = ringFor
        return made
    }

    /// `(id, at as ISO 8601, snooze count, decision)` for each due ring, computed in `zone`.
    private func due(
        _ alarms: [Alarm], from: String, now: String, milliseconds: Int = 0, state: DaemonState = DaemonState(), in zone: String
    ) -> [String] {
        withTimeZone(zone) {
            let now = Instant(seconds: instant(now), nanoseconds: milliseconds * 1_000_000)
            return DueRings.between(instant(from), and: now, alarms: alarms, state: state).map {
                "\($0.alarm.name) \(format.iso($0.at)) \($0.snoozeCount.map { "snooze=\($0)" } ?? "scheduled") \($0.decision)"
            }
        }
    }

    func testAnAlarmJustDueRings() {
        let work = alarm("06:45", days("weekdays"), id: "work")
        XCTAssertEqual(
            due([work], from: "2026-12-07T06:44:00+01:00", now: "2026-12-07T06:45:00+01:00", milliseconds: 2, in: "Europe/Berlin"),
            ["work 2026-12-07T06:45:00+01:00 scheduled ring"])
    }

    func testTheWindowExcludesItsStartAndIncludesNow() {
        let work = alarm("06:45", days("daily"), id: "work")
        XCTAssertEqual(due([work], from: "2026-12-07T06:45:00+01:00", now: "2026-12-07T06:46:00+01:00", in: "Europe/Berlin"), [])
        XCTAssertEqual(
            due([work], from: "2026-12-07T06:44:59+01:00", now: "2026-12-07T06:45:00+01:00", in: "Europe/Berlin"),
            ["work 2026-12-07T06:45:00+01:00 scheduled ring"])
        XCTAssertEqual(due([work], from: "2026-12-07T06:44:00+01:00", now: "2026-12-07T06:44:59+01:00", milliseconds: 999, in: "Europe/Berlin"), [])
    }

    /// Late by less than `ringFor` rings; late by `ringFor` or more is missed, to the millisecond.
    func testLatenessAgainstRingFor() {
        let nap = alarm("14:00", date("2026-12-07"), id: "nap", ringFor: 600)
        let from = "2026-12-07T13:00:00+00:00"
        XCTAssertEqual(due([nap], from: from, now: "2026-12-07T14:09:59+00:00", milliseconds: 999, in: "UTC"),
                       ["nap 2026-12-07T14:00:00+00:00 scheduled ring"])
        XCTAssertEqual(due([nap], from: from, now: "2026-12-07T14:10:00+00:00", in: "UTC"),
                       ["nap 2026-12-07T14:00:00+00:00 scheduled missed"])
        XCTAssertEqual(due([nap], from: from, now: "2026-12-07T22:00:00+00:00", in: "UTC"),
                       ["nap 2026-12-07T14:00:00+00:00 scheduled missed"], "a stale alarm never rings hours late")
        // A ring duration of 0 still allows the first second, so a busy machine does not miss it.
        let short = alarm("14:00", date("2026-12-07"), id: "short", ringFor: 0)
        XCTAssertEqual(due([short], from: from, now: "2026-12-07T14:00:00+00:00", milliseconds: 900, in: "UTC"),
                       ["short 2026-12-07T14:00:00+00:00 scheduled ring"])
        XCTAssertEqual(due([short], from: from, now: "2026-12-07T14:00:01+00:00", in: "UTC"),
                       ["short 2026-12-07T14:00:00+00:00 scheduled missed"])
    }

    /// After three days off, a daily alarm is due once, for today, not three times.
    func testOnlyTheLatestOccurrenceOfARepeatingAlarm() {
        let daily = alarm("06:45", days("daily"), id: "daily")
        XCTAssertEqual(
            due([daily], from: "2026-12-04T12:00:00+01:00", now: "2026-12-07T06:47:00+01:00", in: "Europe/Berlin"),
            ["daily 2026-12-07T06:45:00+01:00 scheduled ring"])
        XCTAssertEqual(
            due([daily], from: "2026-12-04T12:00:00+01:00", now: "2026-12-07T12:00:00+01:00", in: "Europe/Berlin"),
            ["daily 2026-12-07T06:45:00+01:00 scheduled missed"])
    }

    func testSeveralAlarmsComeInTimeOrderThenFilePosition() {
        let late = alarm("07:00", days("daily"), id: "late", position: 1, ringFor: 3600)
        let second = alarm("06:30", days("daily"), id: "second", position: 3, ringFor: 3600)
        let first = alarm("06:30", days("daily"), id: "first", position: 2, ringFor: 3600)
        XCTAssertEqual(
            due([late, second, first], from: "2026-12-07T06:00:00+01:00", now: "2026-12-07T07:00:00+01:00", in: "Europe/Berlin"),
            [
                "first 2026-12-07T06:30:00+01:00 scheduled ring",
                "second 2026-12-07T06:30:00+01:00 scheduled ring",
                "late 2026-12-07T07:00:00+01:00 scheduled ring",
            ])
    }

    func testADoneOneShotIsNotDueAgain() {
        let nap = alarm("14:00", date("2026-12-07"), id: "nap")
        var state = DaemonState()
        state.schedule.update(nap) { $0.done = true }
        XCTAssertEqual(due([nap], from: "2026-12-07T13:00:00+00:00", now: "2026-12-07T14:00:01+00:00", state: state, in: "UTC"), [])
    }

    func testSnoozesComeDueWithTheirCount() {
        let work = alarm("06:45", days("daily"), id: "work", ringFor: 600)
        var state = DaemonState()
        state.snoozes["work"] = PendingSnooze(until: instant("2026-12-07T06:54:00+01:00"), count: 2)
        let from = "2026-12-07T06:50:00+01:00"
        XCTAssertEqual(due([work], from: from, now: "2026-12-07T06:53:59+01:00", state: state, in: "Europe/Berlin"), [])
        XCTAssertEqual(due([work], from: from, now: "2026-12-07T06:54:00+01:00", state: state, in: "Europe/Berlin"),
                       ["work 2026-12-07T06:54:00+01:00 snooze=2 ring"])
        // A snooze that ended while the machine slept for longer than ringFor is missed too.
        XCTAssertEqual(due([work], from: from, now: "2026-12-07T07:30:00+01:00", state: state, in: "Europe/Berlin"),
                       ["work 2026-12-07T06:54:00+01:00 snooze=2 missed"])
    }

    func testSwitchingAnAlarmOffEndsItsSnooze() {
        var work = alarm("06:45", days("daily"), id: "work")
        work.enabled = false
        var state = DaemonState()
        state.snoozes["work"] = PendingSnooze(until: instant("2026-12-07T06:54:00+01:00"), count: 1)
        XCTAssertEqual(due([work], from: "2026-12-07T06:50:00+01:00", now: "2026-12-07T06:55:00+01:00", state: state, in: "Europe/Berlin"), [])
        XCTAssertNil(nextWake([work], after: "2026-12-07T06:50:00+01:00", state: state, in: "Europe/Berlin"))
    }

    /// 02:30 does not exist on 28 March 2027 in Berlin (rings at 03:00 CEST) and happens twice on
    /// 31 October 2027 (rings once, at the first).
    func testDaylightSavingDays() {
        let night = alarm("02:30", days("daily"), id: "night", ringFor: 3 * 3600)
        XCTAssertEqual(
            due([night], from: "2027-03-28T01:00:00+01:00", now: "2027-03-28T03:00:00+02:00", milliseconds: 5, in: "Europe/Berlin"),
            ["night 2027-03-28T03:00:00+02:00 scheduled ring"])
        XCTAssertEqual(
            due([night], from: "2027-10-31T01:00:00+02:00", now: "2027-10-31T02:45:00+01:00", in: "Europe/Berlin"),
            ["night 2027-10-31T02:30:00+02:00 scheduled ring"])
    }

    func testHalfHourZone() {
        let lordHowe = alarm("07:00", days("daily"), id: "lh")
        // Lord Howe is UTC+10:30 in its winter (July).
        XCTAssertEqual(
            due([lordHowe], from: "2027-07-01T06:00:00+10:30", now: "2027-07-01T07:00:00+10:30", in: "Australia/Lord_Howe"),
            ["lh 2027-07-01T07:00:00+10:30 scheduled ring"])
    }

    private func nextWake(_ alarms: [Alarm], after: String, state: DaemonState = DaemonState(), in zone: String) -> String? {
        withTimeZone(zone) {
            DueRings.next(after: instant(after), alarms: alarms, state: state).map { format.iso($0.at) }
        }
    }

    func testNextWakeIsTheNextRingOrTheEndOfASnooze() {
        let work = alarm("06:45", days("weekdays"), id: "work")
        let gym = alarm("18:00", days("daily"), id: "gym", position: 2)
        XCTAssertEqual(nextWake([work, gym], after: "2026-12-05T20:00:00+01:00", in: "Europe/Berlin"), "2026-12-06T18:00:00+01:00")
        var state = DaemonState()
        state.snoozes["gym"] = PendingSnooze(until: instant("2026-12-06T09:00:00+01:00"), count: 1)
        XCTAssertEqual(nextWake([work, gym], after: "2026-12-05T20:00:00+01:00", state: state, in: "Europe/Berlin"),
                       "2026-12-06T09:00:00+01:00")
        state.snoozes["gym"] = PendingSnooze(until: instant("2026-12-07T09:00:00+01:00"), count: 1)
        XCTAssertEqual(nextWake([work], after: "2026-12-06T20:00:00+01:00", state: state, in: "Europe/Berlin"),
                       "2026-12-07T06:45:00+01:00")
        XCTAssertNil(nextWake([alarm("06:45", date("2026-01-01"), id: "past")], after: "2026-12-06T20:00:00+01:00", in: "Europe/Berlin"))
    }

    /// A snooze left by an alarm that has since been removed from the file never comes due (the
    /// alarm is gone), so it must not be a wake-up: a deadline in the past would fire the timer
    /// again and again, a busy loop.
    func testNextWakeIgnoresSnoozesOfRemovedAlarms() {
        var state = DaemonState()
        state.snoozes["gone"] = PendingSnooze(until: instant("2026-12-07T06:54:00+01:00"), count: 1)
        XCTAssertNil(nextWake([], after: "2026-12-07T07:00:00+01:00", state: state, in: "Europe/Berlin"))
        let gym = alarm("18:00", days("daily"), id: "gym")
        XCTAssertEqual(nextWake([gym], after: "2026-12-07T07:00:00+01:00", state: state, in: "Europe/Berlin"), "2026-12-07T18:00:00+01:00")
    }

    func testWhichAlarmsAreOneShots() {
        XCTAssertTrue(AlarmRepeat.once.isOneShot)
        XCTAssertTrue(date("2026-12-07").isOneShot)
        XCTAssertFalse(days("daily").isOneShot)
    }
}
