import AlarmCore
import FaceMQTT
import UnitTestSupport
import XCTest

final class AlarmListingTests: XCTestCase {
    let now = instant("2026-12-06T23:33:00+01:00")

    func testRowsSayWhenEachAlarmRingsNext() throws {
        try withTimeZone("Europe/Berlin") {
            let file = try AlarmFile.parse("""
                {"alarms": [
                  {"id": "work", "label": "Work days", "time": "06:45", "days": "weekdays", "sound": "tone:chime"},
                  {"id": "skipped", "time": "06:45", "days": ["mon", "wed"], "skip": "2026-12-07T06:45:00+01:00"},
                  {"time": "16:00", "enabled": false},
                  {"id": "past", "time": "09:00", "date": "2026-01-01", "sound": 6}
                ]}
                """, path: "a.json", sounds: .fake)
            let format = TimeFormat()
            let rows = file.alarms.map { alarm in
                AlarmListing(alarm: alarm, sound: try? SoundRegistry.fake.resolve(alarm.settings.sound), state: nil, now: now)
                    .row(format: format)
            }
            XCTAssertEqual(rows, [
                ["work", "on", "06:45", "weekdays", "Work days", "tone:chime (2)", "in 7h 12m (Mon 07 Dec 06:45)"],
                ["skipped", "on", "06:45", "mon,wed", "-", "tone:classic (0)", "skipped once, then in 2d 7h (Wed 09 Dec 06:45)"],
                ["#3", "off", "16:00", "once", "-", "tone:classic (0)", "off"],
                ["past", "on", "09:00", "2026-01-01", "-", "file:birds (6)", "done"],
            ])
        }
    }

    func testADoneOneShotComesFromState() {
        withTimeZone("Europe/Berlin") {
            let nap = alarm("16:00", id: "nap")
            let done = AlarmState(fingerprint: nap.fingerprint, done: true)
            let listing = AlarmListing(alarm: nap, sound: nil, state: done, now: now)
            XCTAssertEqual(listing.next(format: TimeFormat()), "done")
            XCTAssertEqual(listing.soundText, "tone:classic", "an unresolved sound shows as written")
        }
    }

    func testJSONHasEveryField() throws {
        try withTimeZone("Europe/Berlin") {
            let work = try AlarmFile.parse(
                #"{"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "skip": "2026-12-07T06:45:00+01:00"}]}"#,
                path: "a.json", sounds: .fake
            ).alarms[0]
            let snapshot = Snapshot(alarms: [work], state: DaemonState(), pausedUntil: nil, now: now)
            let listing = snapshot.listing(work, sound: try SoundRegistry.fake.resolve(.index(0)))
            XCTAssertEqual(JSONWriter.compact(listing.json(format: TimeFormat())), """
                {"id": "work", "position": 1, "enabled": true, "time": "06:45", "days": ["mon", "tue", "wed", "thu", "fri"], \
                "date": null, "pattern": "weekdays", "label": null, "rule": null, "times": null, \
                "sound": {"name": "tone:classic", "index": 0, "reference": "tone:classic", "sequence": ["tone:classic"], "plays": null}, \
                "volume": 0.8, "snooze": 540, "maxSnoozes": 3, "ringFor": 600, "fadeIn": 30, "wakeUp": 0, "wakeUpSound": null, "status": "skipped", \
                "next": "2026-12-08T06:45:00+01:00", "skip": "2026-12-07T06:45:00+01:00", \
                "nextSkip": {"at": "2026-12-07T06:45:00+01:00", "text": "skipped: Mon 07 Dec — skipped once ('alarmplay unskip' undoes it)", \
                "reason": {"kind": "skip", "text": "skipped once ('alarmplay unskip' undoes it)"}}, "shift": null, "shiftedFrom": null}
                """)
        }
    }

    func testAMovedRingSaysWhereItWasMovedFrom() throws {
        try withTimeZone("Europe/Berlin") {
            let work = try AlarmFile.parse(#"""
                {"alarms": [{"id": "work", "time": "06:45", "days": "weekdays",
                  "shift": {"from": "2026-12-07T06:45:00+01:00", "to": "2026-12-07T07:30:00+01:00"}}]}
                """#, path: "a.json", sounds: nil).alarms[0]
            let listing = AlarmListing(alarm: work, sound: nil, state: nil, now: now)
            XCTAssertEqual(listing.next(format: TimeFormat()), "in 7h 57m (Mon 07 Dec 07:30), moved once from 06:45")
            let json = listing.json(format: TimeFormat())
            XCTAssertEqual(json["status"], "rings")
            XCTAssertEqual(json["next"], "2026-12-07T07:30:00+01:00")
            XCTAssertEqual(json["shiftedFrom"], "2026-12-07T06:45:00+01:00")
            XCTAssertEqual(json["shift"], ["from": "2026-12-07T06:45:00+01:00", "to": "2026-12-07T07:30:00+01:00"])
        }
    }
}
