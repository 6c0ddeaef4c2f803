@testable import AlarmCore
@testable import AlarmAudio
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

/// What plays, decided on a clock the test moves and with sounds that only say they started:
/// an alarm ends a preview and is heard, a part its check found broken is left out and the ring
/// is reported degraded once, and what is not an alarm gives way to one. (UTC; Mon 7 Dec 2026.)
final class SoundStageTests: XCTestCase {
    private final class Stage {
        let clock = ManualClock(Instant(seconds: instant("2026-12-07T06:44:00+00:00")))
        var model: ScheduleModel
        var broken: [PreflightProblem] = []
        private(set) var said: [String] = []
        private(set) var sounds: [DaemonHarness.Sound] = []
        private(set) var stage: SoundStage!

        init() throws {
            model = ScheduleModel(clock: clock)
            model.use([alarm("06:45", days("weekdays"), id: "work")], pausedUntil: nil)
            _ = model.evaluate()
            stage = SoundStage(SoundStage.Context(
                clock: clock, startSound: { [unowned self] request, id, _ in
                    let sound = DaemonHarness.Sound(id: id, request: request)
                    sounds.append(sound)
                    return sound
                }, sounds: { .standard(folders: SoundFolders(paths: [])) }, devices: ["null"], broken: { [unowned self] _ in broken },
                notifier: try Notifier(), say: { [unowned self] in said.append([$0.name, $0.alarmID].compactMap { $0 }.joined(separator: " ")) }))
        }

        /// Moves to `when` and hands the schedule's decisions to the stage, as the daemon's `announce`.
        func evaluate(at when: String) {
            clock.set(Instant(seconds: instant(when)))
            _ = model.evaluate()
            for outcome in model.drainOutcomes() {
                let effects = OutcomeEffects(outcome) { _, _ in nil }
                stage.take(effects, ringing: model.ringing)
                said.append(effects.event.name)
            }
        }

        func heard() -> [String] {
            defer { said = [] }
            return said
        }
    }

    func testAnAlarmEndsThePreviewAndIsHeardWithItsBrokenSoundReplacedAndReportedOnceARing() throws {
        try withTimeZone("UTC") {
            let test = try Stage()
            test.broken = [PreflightProblem(.sound("tone:classic"), "cannot play tone:classic")]
            guard case .value(.previewing) = test.stage.preview("tone:classic", volume: 0.5, ringing: false) else { return XCTFail("no preview") }
            XCTAssertEqual(test.heard(), ["preview_started"])
            test.evaluate(at: "2026-12-07T06:45:00+00:00")
            XCTAssertEqual(test.heard(), ["preview_ended", "fallback work", "ring_degraded work", "fired"])
            XCTAssertEqual(test.sounds.map(\.id), ["preview", "work"])
            XCTAssertTrue(test.sounds[0].stopped, "the preview let go of the device")
            XCTAssertEqual(test.sounds[1].request.sound, ToneProvider.fallbackReference, "the broken sound is left out from the first second")
            XCTAssertEqual(test.stage.engine.heard?.key, "work")

            XCTAssertNoThrow(try test.model.snooze(nil).get())
            test.evaluate(at: "2026-12-07T06:45:10+00:00")
            XCTAssertEqual(test.heard(), ["snoozed"])
            XCTAssertTrue(test.sounds[1].stopped)
            XCTAssertNil(test.stage.engine.heard)
            test.evaluate(at: "2026-12-07T06:54:10+00:00")
            XCTAssertEqual(test.heard(), ["fallback work", "ring_degraded work", "fired"], "the snooze's end is a ring of its own, reported again")
        }
    }

    func testWhatIsNotAnAlarmGivesWayToOne() throws {
        try withTimeZone("UTC") {
            let test = try Stage()
            guard case let .refused(volume) = test.stage.preview("tone:classic", volume: 1.5, ringing: false) else { return XCTFail("played") }
            XCTAssertEqual(volume.kind, .invalid([Refusal.Problem(field: "volume", message: volume.message)]))
            guard case let .refused(missing) = test.stage.preview("nosuch", volume: 0.5, ringing: false) else { return XCTFail("played") }
            XCTAssertEqual(missing.kind, .notFound)
            test.evaluate(at: "2026-12-07T06:45:00+00:00")
            _ = test.heard()
            test.stage.playBedtime(SoundReference(parsing: "tone:classic"), ringing: !test.model.ringing.isEmpty)
            guard case let .refused(sleep) = test.stage.sleep(SleepRequest(seconds: 600), ringing: !test.model.ringing.isEmpty) else {
                return XCTFail("a sleep timer started over a ringing alarm")
            }
            XCTAssertEqual(sleep.kind, .conflict)
            XCTAssertEqual(test.sounds.map(\.id), ["work"], "neither the bedtime sound nor the sleep timer played")
            XCTAssertEqual(test.heard(), [])
        }
    }

    func testABedtimeSoundPlaysQuietlyWhenNothingElsePlays() throws {
        try withTimeZone("UTC") {
            let test = try Stage()
            test.stage.playBedtime(SoundReference(parsing: "tone:classic"), ringing: false)
            XCTAssertEqual(test.sounds.map(\.request.volume), [Bedtime.volume])
            test.stage.playBedtime(SoundReference(parsing: "tone:classic"), ringing: false)
            XCTAssertEqual(test.sounds.count, 1, "one at a time: the second finds the first playing")
        }
    }
}
