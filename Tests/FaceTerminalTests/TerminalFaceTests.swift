@testable import AlarmCore
@testable import FaceTerminal
@testable import FaceMQTT
import UnitTestSupport
import XCTest

/// The status line `run` draws below its log, from the one snapshot.
final class TerminalFaceTests: XCTestCase {
    private let now = instant("2026-12-07T06:46:05+00:00")
    private let work = alarm("06:45", days("weekdays"), id: "work", position: 1)
    private let tea = alarm("06:46", .once, id: "tea", position: 2)

    private func lines(_ ringing: [Snapshot.Ringing], pausedUntil: String? = nil, alarms: [Alarm]? = nil) -> [String] {
        withTimeZone("UTC") {
            TerminalFace.lines(Snapshot(alarms: alarms ?? [work, tea], state: DaemonState(),
                                        pausedUntil: pausedUntil.map { try! CalendarDate(parsing: $0) }, now: now, ringing: ringing))
        }
    }

    func testTheNewestRingingAlarmIsShownWithTheOthersCounted() {
        let ringing = [Snapshot.Ringing(alarm: work, since: Instant(seconds: now - 65), snoozesLeft: 3),
                       Snapshot.Ringing(alarm: tea, since: Instant(seconds: now - 5), snoozesLeft: 1, sounding: true, bell: true)]
        XCTAssertEqual(lines(ringing), [
            "⏰ tea (+1 more) · tone:classic · ringing 0:05 [no sound device: bell] · 1 snooze left",
            "   z/Space snooze · x/q/Esc stop · ? keys",
        ])
    }

    func testQuietItShowsThePauseOrTheNextRing() {
        XCTAssertEqual(lines([], pausedUntil: "2026-12-09"), ["paused until 2026-12-09 ('alarmplay resume' ends it) · Ctrl-C quits"])
        XCTAssertEqual(lines([]).first?.hasPrefix("next: work, "), true, "\(lines([]))")
        XCTAssertEqual(lines([], alarms: []), ["no alarm scheduled · Ctrl-C quits"])
    }

    func testWhatTheCheckBeforeTheNextRingFoundIsShownUnderIt() {
        let shown = withTimeZone("UTC") { () -> [String] in
            var snapshot = Snapshot(alarms: [work], state: DaemonState(), pausedUntil: nil, now: now)
            let at = snapshot.next!.at
            snapshot.preflight = [Snapshot.Preflight(id: "work", ring: at, checkedAt: now, problems: [PreflightProblem(.sound("file:song"), "cannot play file:song: gone"), PreflightProblem(.clock, "off")])]
            return TerminalFace.lines(snapshot)
        }
        XCTAssertEqual(shown.count, 2, "\(shown)")
        XCTAssertEqual(shown.last, "   ⚠ check before the ring: cannot play file:song: gone · clock: off")
    }
}
