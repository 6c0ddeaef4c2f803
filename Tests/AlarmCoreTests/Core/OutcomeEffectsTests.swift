@testable import AlarmCore
import XCTest

/// What each of the schedule's decisions means for `run`: the event, and what the sound and the
/// reports do about it.
final class OutcomeEffectsTests: XCTestCase {
    private func alarm(forceAudible: Bool = false) -> Alarm {
        var settings = AlarmSettings.builtIn
        settings.forceAudible = forceAudible
        return Alarm(id: "work", position: 1, time: TimeOfDay(hour: 6, minute: 45), settings: settings)
    }

    func testAFiredRingEndsThePreviewStartsTheSoundNamesItsPickAndMayMakeTheMixerAudible() {
        let due = DueRing(alarm: alarm(forceAudible: true), at: 1000, snoozeCount: nil, decision: .ring)
        let effects = OutcomeEffects(.fired(due, lateMilliseconds: 3)) { _, at in at == 1000 ? "birds.ogg" : nil }
        XCTAssertEqual(effects.event, .fired(id: "work", scheduled: 1000, lateMilliseconds: 3, snooze: nil, plays: "birds.ogg"))
        XCTAssertTrue(effects.endsPreview && effects.soundFollows)
        XCTAssertEqual(effects.makesAudible?.name, "work")
        XCTAssertNil(effects.ringEnded, "a new ring may be reported degraded")
        XCTAssertNil(OutcomeEffects(.fired(DueRing(alarm: alarm(), at: 1000, snoozeCount: nil, decision: .ring), lateMilliseconds: 0)) { _, _ in nil }.makesAudible)
    }

    func testAnEndedRingLetsTheSoundFollowAndItsNextRingBeReportedAgain() {
        let ringing = RingingAlarm(alarm: alarm(), since: Instant(seconds: 1000), snoozesUsed: 0)
        for outcome in [ScheduleModel.Outcome.silenced(ringing), .snoozed(alarm(), until: 1540, snoozesLeft: 2), .stopped(alarm(), rangSeconds: 12)] {
            let effects = OutcomeEffects(outcome) { _, _ in nil }
            XCTAssertTrue(effects.soundFollows, "\(outcome)")
            XCTAssertEqual(effects.ringEnded, "work", "\(outcome)")
            XCTAssertFalse(effects.endsPreview)
        }
    }

    func testWhatChangesNoSoundIsOnlySaid() {
        for outcome in [ScheduleModel.Outcome.snoozeRefused(alarm()), .dismissed(alarm()), .rearmed(alarm()), .wakeUpStopped(alarm(), ring: 1000),
                        .missed(DueRing(alarm: alarm(), at: 1000, snoozeCount: nil, decision: .missed), lateSeconds: 7200)] {
            let effects = OutcomeEffects(outcome) { _, _ in "never asked" }
            XCTAssertFalse(effects.soundFollows || effects.endsPreview, "\(outcome)")
            XCTAssertNil(effects.ringEnded)
            XCTAssertNil(effects.escalates)
        }
    }
}
