@testable import AlarmCore
import UnitTestSupport
import XCTest

/// `run`'s decisions in sequence, on a clock that moves only when the test says: each test is a
/// morning replayed in microseconds. (UTC; Mon 7 Dec 2026.)
final class AlarmDaemonTests: XCTestCase {
    private func harness(_ alarms: String, now: String = "2026-12-07T06:00:00+00:00") throws -> DaemonHarness {
        try DaemonHarness(alarms: alarms, now: now)
    }

    private let work = #"{"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep", "fadeIn": 0, "ringFor": "10m"}]}"#

    func testARequestInTheRingsSecondBeforeTheTimerSeesTheRingFirst() throws {
        try withTimeZone("UTC") {
            let run = try harness(work)
            XCTAssertEqual(run.said().first, "loaded")
            run.move(to: "2026-12-07T06:45:00+00:00")
            // The snooze comes before the timer's wake: the ring due this second fires first, then it is snoozed.
            XCTAssertNil(run.perform(.snooze(id: nil)).refusal)
            XCTAssertEqual(run.said(), ["fired work", "snoozed work"])
            XCTAssertEqual(run.sounds.count, 1)
            XCTAssertTrue(run.sounds[0].stopped, "the snooze ends the sound")
        }
    }

    func testNothingRingingIsAConflictAndChangesNothing() throws {
        try withTimeZone("UTC") {
            let run = try harness(work)
            _ = run.said()
            XCTAssertEqual(run.perform(.snooze(id: nil)).refusal?.kind, .conflict)
            XCTAssertEqual(run.perform(.stop(id: "nobody")).refusal?.kind, .conflict)
            XCTAssertEqual(run.said(), [])
            XCTAssertEqual(run.daemon.snapshot().next?.at, instant("2026-12-07T06:45:00+00:00"))
        }
    }

    func testAnswersAreTypedUntilAFaceRendersThem() throws {
        try withTimeZone("UTC") {
            let run = try harness(work)
            guard case let .value(.status(status)) = run.perform(.status) else { return XCTFail("status is a status report") }
            XCTAssertEqual(status.snapshot.next?.alarm.name, "work")
            XCTAssertEqual(status.usingLastGood, false)
            guard case let .value(.alarms(listed)) = run.perform(.listAlarms) else { return XCTFail("list is the alarms") }
            XCTAssertEqual(listed.map(\.alarm.name), ["work"])
            XCTAssertEqual(run.perform(.stopPreview), .value(.stopped(false)), "nothing was previewing")
            XCTAssertEqual(run.perform(.stopPreview).line, #"{"stopped": false}"#)
        }
    }

    func testASnoozesEndDuringAnEditRingsInTheScheduleItWasDueIn() throws {
        try withTimeZone("UTC") {
            let run = try harness(work)
            run.tick(at: "2026-12-07T06:45:00+00:00")
            run.perform(.snooze(id: nil))
            _ = run.said()
            // The snooze's end comes while the file is being changed (another sound, another time).
            run.move(to: "2026-12-07T06:54:00+00:00")
            try run.edit(#"{"alarms": [{"id": "work", "time": "07:30", "days": "weekdays", "sound": "tone:classic", "fadeIn": 0}]}"#)
            XCTAssertEqual(run.said(), ["reload", "fired work", "reloaded"], "the snooze's end first, then the new file")
            XCTAssertEqual(run.daemon.snapshot().ringing.map(\.alarm.name), ["work"])
        }
    }

    func testAPauseHoldsTheRingsItCoversAndTheFirstRingAfterItIsNext() throws {
        try withTimeZone("UTC") {
            let run = try harness(#"{"pausedUntil": "2026-12-09", "alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep"}]}"#)
            XCTAssertEqual(run.daemon.snapshot().next?.at, instant("2026-12-09T06:45:00+00:00"))
            _ = run.said()
            run.tick(at: "2026-12-07T06:45:00+00:00")
            XCTAssertEqual(run.said(), ["skipped work"], "held, and said so")
            XCTAssertTrue(run.sounds.isEmpty)
        }
    }

    func testAHouseholdStopOfItsOwnRingStopsItHere() throws {
        try withTimeZone("UTC") {
            let run = try harness(#"{"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep", "fadeIn": 0, "#
                                  + #""escalate": [{"after": "1m", "household": true}]}]}"#)
            run.tick(at: "2026-12-07T06:45:00+00:00")
            run.tick(at: "2026-12-07T06:46:00+00:00")
            XCTAssertTrue(run.said().contains("escalated work"))
            // No broker: nothing was sent, so a household stop names no ring here.
            XCTAssertEqual(run.perform(.householdEnded(ring: "nosuch", by: "kitchen", snoozed: false)).refusal?.kind, .notFound)
            XCTAssertEqual(run.daemon.snapshot().ringing.count, 1)
        }
    }

    func testAWakeUpPhaseCutShortEndsThatRingAndTheNextIsTomorrow() throws {
        try withTimeZone("UTC") {
            let run = try harness(#"{"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep", "#
                                  + #""wakeUp": "10m", "wakeUpSound": "tone:classic"}]}"#)
            run.tick(at: "2026-12-07T06:36:00+00:00")
            let waking = run.said()
            XCTAssertTrue(waking.contains("waking work"), "\(waking)")
            XCTAssertNil(run.perform(.stop(id: "work")).refusal)
            let stopped = run.said()
            XCTAssertEqual(stopped, ["stopped work"], "the phase and its ring")
            run.tick(at: "2026-12-07T06:45:00+00:00")
            XCTAssertFalse(run.said().contains("fired work"), "that ring was stopped with its phase")
            XCTAssertEqual(run.daemon.snapshot().next?.at, instant("2026-12-08T06:45:00+00:00"))
        }
    }

    func testAnAddAfterTheFileWasDeletedKeepsTheAlarmsInForce() throws {
        try withTimeZone("UTC") {
            let run = try harness(work)
            try FileManager.default.removeItem(atPath: run.alarmsPath)
            var changes = AlarmChanges()
            changes.set("time", .string("08:00"))
            changes.set("id", .string("late"))
            var answer: CommandResult?
            run.daemon.perform(.addAlarm(changes)) { answer = $0 }
            run.settle { answer != nil }
            XCTAssertNil(answer?.refusal, "\(String(describing: answer))")
            let text = try String(contentsOfFile: run.alarmsPath, encoding: .utf8)
            XCTAssertTrue(text.contains("\"work\"") && text.contains("\"late\""), text)
        }
    }
}

extension AlarmDaemonTests {
    func testBedtimeIsSaidAtItsMomentWithItsSoftSoundAndNotAgain() throws {
        try withTimeZone("UTC") {
            let run = try DaemonHarness(alarms: #"{"bedtime": {"sleep": "8h", "before": "15m", "sound": "tone:chime"}, "#
                                        + #""alarms": [{"id": "work", "time": "06:45", "days": "weekdays"}]}"#, now: "2026-12-07T20:00:00+00:00")
            _ = run.said()
            run.tick(at: "2026-12-07T22:30:00+00:00")
            XCTAssertEqual(run.said().filter { !$0.hasPrefix("preview") }, ["bedtime work"])
            XCTAssertEqual(run.sounds.last?.request.volume, Bedtime.volume, "the soft sound, quietly")
            run.tick(at: "2026-12-07T22:31:00+00:00")
            XCTAssertFalse(run.said().contains("bedtime work"))
        }
    }

    func testTheTimerWakesForEachThingDueAndNothingElse() throws {
        try withTimeZone("UTC") {
            let run = try DaemonHarness(alarms: #"{"alarms": [{"id": "work", "time": "06:45", "days": "weekdays", "sound": "tone:beep", "#
                                        + #""fadeIn": 0, "ringFor": "10m", "hooks": [{"on": "before", "before": "30m", "run": ["true"]}]}]}"#,
                                        now: "2026-12-07T06:00:00+00:00")
            XCTAssertEqual(run.armed, instant("2026-12-07T06:15:00+00:00"), "the hook's moment first")
            run.tick(at: "2026-12-07T06:15:00+00:00")
            XCTAssertEqual(run.armed, instant("2026-12-07T06:35:00+00:00"), "then the check, 10 minutes ahead")
            run.tick(at: "2026-12-07T06:35:00+00:00")
            run.settle { run.recorder.said.contains { $0.hasPrefix("preflight") } }
            // While the check finds something wrong (on a machine that cannot wake from suspend, that) it is checked again each minute.
            let problems = run.daemon.lookahead.checks.flatMap(\.problems)
            XCTAssertEqual(run.armed, instant(problems.isEmpty ? "2026-12-07T06:44:59+00:00" : "2026-12-07T06:36:00+00:00"),
                           "then the pre-roll (the tone opens a second ahead), or the check again: \(problems)")
            run.tick(at: "2026-12-07T06:44:59+00:00")
            XCTAssertEqual(run.armed, instant("2026-12-07T06:45:00+00:00"), "then the ring")
            run.tick(at: "2026-12-07T06:45:00+00:00")
            XCTAssertEqual(run.armed, instant("2026-12-07T06:55:00+00:00"), "then its end, ten minutes on")
            run.move(to: "2026-12-07T06:46:00+00:00")
            run.perform(.snooze(id: nil))
            XCTAssertEqual(run.armed, instant("2026-12-07T06:54:59+00:00"), "a snooze's end opens its sound ahead like a ring")
            XCTAssertEqual(run.said(), ["loaded", "hook_due work", "fired work", "snoozed work"], "and no hook again for the snooze's end")
        }
    }
}
