import AlarmCore
import UnitTestSupport
import XCTest

final class NextRingTests: XCTestCase {
    private let format = TimeFormat()

    /// The next ring as ISO 8601 local time, computed in `zone`.
    private func next(_ alarm: Alarm, after: String, state: AlarmState? = nil, in zone: String) -> String? {
        withTimeZone(zone) {
            alarm.nextRing(after: instant(after), state: state).map(format.iso)
        }
    }

    func testWeeklyPicksTheNextListedDay() {
        let work = alarm("06:45", days("weekdays"))
        // Sunday evening → Monday; Friday after the ring → Monday.
        XCTAssertEqual(next(work, after: "2026-12-06T20:00:00+01:00", in: "Europe/Berlin"), "2026-12-07T06:45:00+01:00")
        XCTAssertEqual(next(work, after: "2026-12-11T07:00:00+01:00", in: "Europe/Berlin"), "2026-12-14T06:45:00+01:00")
        XCTAssertEqual(next(work, after: "2026-12-11T06:44:59+01:00", in: "Europe/Berlin"), "2026-12-11T06:45:00+01:00")
    }

    func testAfterExactlyOnARingGivesTheFollowingOne() {
        let daily = alarm("06:45", days("daily"))
        XCTAssertEqual(next(daily, after: "2026-12-07T06:45:00+01:00", in: "Europe/Berlin"), "2026-12-08T06:45:00+01:00")
        XCTAssertEqual(next(daily, after: "2026-12-07T06:45:00.5+01:00", in: "Europe/Berlin"), "2026-12-08T06:45:00+01:00")
    }

    func testWeeklyAcrossTheYearEnd() {
        let mondays = alarm("07:00", days("mon"))
        // 2026-12-31 is a Thursday; the next Monday is 2027-01-04.
        XCTAssertEqual(next(mondays, after: "2026-12-31T23:59:59-05:00", in: "America/New_York"), "2027-01-04T07:00:00-05:00")
        let newYear = alarm("00:00", days("fri"))
        XCTAssertEqual(next(newYear, after: "2026-12-31T12:00:00+00:00", in: "UTC"), "2027-01-01T00:00:00+00:00")
    }

    func testDateAlarmsRingOnceOnTheirDay() {
        let dentist = alarm("14:30:15", date("2026-12-03"))
        XCTAssertEqual(next(dentist, after: "2026-11-30T12:00:00+01:00", in: "Europe/Berlin"), "2026-12-03T14:30:15+01:00")
        XCTAssertNil(next(dentist, after: "2026-12-03T14:30:15+01:00", in: "Europe/Berlin"))
        XCTAssertNil(next(dentist, after: "2027-01-01T00:00:00+01:00", in: "Europe/Berlin"))
    }

    func testLeapDays() {
        let leap = alarm("08:00", date("2028-02-29"))
        XCTAssertEqual(next(leap, after: "2027-03-01T00:00:00+00:00", in: "UTC"), "2028-02-29T08:00:00+00:00")
        let daily = alarm("08:00", days("daily"))
        XCTAssertEqual(next(daily, after: "2028-02-28T09:00:00+00:00", in: "UTC"), "2028-02-29T08:00:00+00:00")
        XCTAssertEqual(next(daily, after: "2027-02-28T09:00:00+00:00", in: "UTC"), "2027-03-01T08:00:00+00:00")
        // 2028-02-29 is a Tuesday.
        XCTAssertEqual(next(alarm("08:00", days("tue")), after: "2028-02-27T00:00:00+00:00", in: "UTC"), "2028-02-29T08:00:00+00:00")
    }

    func testDisabledAlarmsNeverRing() {
        XCTAssertNil(next(alarm("06:45", days("daily"), enabled: false), after: "2026-12-07T00:00:00Z", in: "UTC"))
        XCTAssertNil(next(alarm("06:45", enabled: false), after: "2026-12-07T00:00:00Z", in: "UTC"))
    }

    func testOneShotRingsAtTheNextOccurrenceAfterArming() {
        let nap = alarm("16:00")
        XCTAssertEqual(next(nap, after: "2026-12-07T17:00:00+01:00", in: "Europe/Berlin"), "2026-12-08T16:00:00+01:00")
        let armed = AlarmState(fingerprint: nap.fingerprint, armedAt: instant("2026-12-07T15:00:00+01:00"))
        XCTAssertEqual(next(nap, after: "2026-12-07T15:30:00+01:00", state: armed, in: "Europe/Berlin"), "2026-12-07T16:00:00+01:00")
        // Once its occurrence has passed it is over, not tomorrow's alarm.
        XCTAssertNil(next(nap, after: "2026-12-07T16:00:00+01:00", state: armed, in: "Europe/Berlin"))
        var done = armed
        done.done = true
        XCTAssertNil(next(nap, after: "2026-12-07T15:30:00+01:00", state: done, in: "Europe/Berlin"))
        // State recorded for another version of the alarm (since edited) is ignored.
        let stale = AlarmState(fingerprint: "07:00 once on", done: true)
        XCTAssertEqual(next(nap, after: "2026-12-07T15:30:00+01:00", state: stale, in: "Europe/Berlin"), "2026-12-07T16:00:00+01:00")
    }

    func testSkippingOneOccurrence() {
        let work = alarm("06:45", days("weekdays"))
        let skip = AlarmState(fingerprint: work.fingerprint, skippedOccurrence: instant("2026-12-07T06:45:00+01:00"))
        XCTAssertEqual(next(work, after: "2026-12-06T20:00:00+01:00", state: skip, in: "Europe/Berlin"), "2026-12-08T06:45:00+01:00")
        let dentist = alarm("14:30", date("2026-12-03"))
        let skipDate = AlarmState(fingerprint: dentist.fingerprint, skippedOccurrence: instant("2026-12-03T14:30:00+01:00"))
        XCTAssertNil(next(dentist, after: "2026-12-01T00:00:00+01:00", state: skipDate, in: "Europe/Berlin"))
    }

    // MARK: daylight saving time

    func testNonexistentTimeRingsAtTheEndOfTheGap() {
        let daily = alarm("02:30", days("daily"))
        XCTAssertEqual(next(daily, after: "2027-03-28T01:00:00+01:00", in: "Europe/Berlin"), "2027-03-28T03:00:00+02:00")
        XCTAssertEqual(next(daily, after: "2027-03-28T03:00:00+02:00", in: "Europe/Berlin"), "2027-03-29T02:30:00+02:00")
        XCTAssertEqual(next(alarm("02:00", days("sun")), after: "2026-03-07T00:00:00-05:00", in: "America/New_York"), "2026-03-08T03:00:00-04:00")
        XCTAssertEqual(next(alarm("02:59:59", date("2026-03-08")), after: "2026-03-01T00:00:00-05:00", in: "America/New_York"), "2026-03-08T03:00:00-04:00")
    }

    func testRepeatedTimeRingsOnceAtTheFirstOccurrence() {
        let daily = alarm("02:30", days("daily"))
        XCTAssertEqual(next(daily, after: "2026-10-25T00:00:00+02:00", in: "Europe/Berlin"), "2026-10-25T02:30:00+02:00")
        XCTAssertEqual(next(daily, after: "2026-10-25T02:30:00+02:00", in: "Europe/Berlin"), "2026-10-26T02:30:00+01:00")
        // Between the two occurrences: the second one is not a ring.
        XCTAssertEqual(next(daily, after: "2026-10-25T02:45:00+01:00", in: "Europe/Berlin"), "2026-10-26T02:30:00+01:00")
        XCTAssertEqual(next(alarm("01:30", date("2026-11-01")), after: "2026-10-31T00:00:00-04:00", in: "America/New_York"), "2026-11-01T01:30:00-04:00")
    }

    func testHalfHourDaylightSavingOnLordHowe() {
        // Lord Howe moves its clocks by 30 minutes: 02:00 → 02:30 in October, 02:00 → 01:30 in April.
        let early = alarm("02:15", days("daily"))
        XCTAssertEqual(next(early, after: "2026-10-04T00:00:00+10:30", in: "Australia/Lord_Howe"), "2026-10-04T02:30:00+11:00")
        XCTAssertEqual(next(early, after: "2026-10-04T02:30:00+11:00", in: "Australia/Lord_Howe"), "2026-10-05T02:15:00+11:00")
        let twice = alarm("01:45", days("daily"))
        XCTAssertEqual(next(twice, after: "2027-04-04T00:00:00+11:00", in: "Australia/Lord_Howe"), "2027-04-04T01:45:00+11:00")
        XCTAssertEqual(next(twice, after: "2027-04-04T01:45:00+11:00", in: "Australia/Lord_Howe"), "2027-04-05T01:45:00+10:30")
    }

    func testSkippedDayOnApia() {
        // Samoa skipped Friday 2011-12-30: Thursday 23:59:59 -10:00 was followed by Saturday 00:00 +14:00.
        let daily = alarm("07:00", days("daily"))
        XCTAssertEqual(next(daily, after: "2011-12-29T08:00:00-10:00", in: "Pacific/Apia"), "2011-12-31T07:00:00+14:00")
        let fridays = alarm("07:00", days("fri"))
        XCTAssertEqual(next(fridays, after: "2011-12-29T08:00:00-10:00", in: "Pacific/Apia"), "2012-01-06T07:00:00+14:00")
        // A date that does not exist in the zone never rings (documented choice).
        XCTAssertNil(next(alarm("07:00", date("2011-12-30")), after: "2011-12-01T00:00:00-10:00", in: "Pacific/Apia"))
        XCTAssertEqual(next(alarm("00:00", date("2011-12-31")), after: "2011-12-01T00:00:00-10:00", in: "Pacific/Apia"), "2011-12-31T00:00:00+14:00")
    }

    // MARK: merged rings

    func testNextRingsMergesAlarmsInOrder() {
        let alarms = [
            alarm("06:45", days("weekdays"), id: "work", position: 1),
            alarm("14:30", date("2026-12-08"), id: "dentist", position: 2),
            alarm("06:45", days("mon"), id: "twin", position: 3),
            alarm("16:00", days("daily"), id: "off", position: 4, enabled: false),
        ]
        let rings = withTimeZone("Europe/Berlin") {
            alarms.nextRings(after: instant("2026-12-06T20:00:00+01:00"), count: 5).map { "\($0.alarm.name) \(format.iso($0.at))" }
        }
        XCTAssertEqual(rings, [
            "work 2026-12-07T06:45:00+01:00",
            "twin 2026-12-07T06:45:00+01:00",
            "work 2026-12-08T06:45:00+01:00",
            "dentist 2026-12-08T14:30:00+01:00",
            "work 2026-12-09T06:45:00+01:00",
        ])
    }

    func testNextRingsStopsWhenNothingIsLeft() {
        let alarms = [alarm("14:30", date("2026-12-08"), id: "dentist")]
        let rings = withTimeZone("UTC") { alarms.nextRings(after: instant("2026-12-01T00:00:00Z"), count: 3) }
        XCTAssertEqual(rings.count, 1)
    }

    func testStatus() {
        let work = alarm("06:45", days("weekdays"))
        let now = instant("2026-12-06T20:00:00+01:00")
        withTimeZone("Europe/Berlin") {
            XCTAssertEqual(work.status(now: now), .rings(at: instant("2026-12-07T06:45:00+01:00")))
            XCTAssertEqual(alarm("06:45", enabled: false).status(now: now), .off)
            XCTAssertEqual(alarm("06:45", date("2026-01-01")).status(now: now), .done)
            let skip = AlarmState(fingerprint: work.fingerprint, skippedOccurrence: instant("2026-12-07T06:45:00+01:00"))
            XCTAssertEqual(work.status(now: now, state: skip), .skipped(next: instant("2026-12-08T06:45:00+01:00")))
        }
    }
}
