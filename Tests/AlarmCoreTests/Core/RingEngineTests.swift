@testable import AlarmCore
import UnitTestSupport
import XCTest

/// Which sound is heard, decided without a device: each started sound is a `FakeSound` that
/// records what it was asked to play and whether it was stopped.
final class RingEngineTests: XCTestCase {
    private final class FakeSound: RingHandle {
        let request: RingRequest
        let id: String
        var stopped = false
        var hasEnded = false
        var isBellActive = false
        /// The sound it took over from.
        var after: (any RingHandle)?

        init(_ request: RingRequest, _ id: String) {
            self.request = request
            self.id = id
        }

        func stop() { stopped = true }
    }

    private let clock = ManualClock(Instant(seconds: 1_000, nanoseconds: 500_000_000))
    private var started: [FakeSound] = []
    private lazy var engine = RingEngine(clock: clock) { [unowned self] request, id, after in
        let sound = FakeSound(request, id)
        sound.after = after
        started.append(sound)
        return sound
    }
    private let work = alarm("06:45", id: "work", position: 1)
    private let tea = alarm("06:50", id: "tea", position: 2)

    private func ringing(_ alarm: Alarm, since: Int) -> RingingAlarm {
        RingingAlarm(alarm: alarm, since: Instant(seconds: since), snoozesUsed: 0)
    }

    private func devices(_ alarm: Alarm) -> [String] { ["pulse"] }

    func testTheNewestRingingAlarmIsHeardAndTheOlderSoundsAgainWhenItStops() {
        let older = ringing(work, since: 990)
        XCTAssertTrue(engine.follow([older], devices: devices))
        XCTAssertEqual(started.map(\.id), ["work"])
        // Rung from now (1000.5) to its end (990 + ringFor 600): the time left, to the millisecond.
        XCTAssertEqual(started[0].request.ringForSeconds ?? 0, 589.5, accuracy: 0.001)
        XCTAssertTrue(engine.follow([older, ringing(tea, since: 1_000)], devices: devices))
        XCTAssertEqual(started.map(\.id), ["work", "tea"])
        XCTAssertTrue(started[0].stopped, "one sound at a time")
        XCTAssertEqual(engine.heard?.key, tea.stateKey)
        XCTAssertTrue(engine.follow([older], devices: devices))
        XCTAssertEqual(started.map(\.id), ["work", "tea", "work"], "the older alarm is heard again")
        XCTAssertFalse(engine.follow([], devices: devices))
        XCTAssertTrue(started[2].stopped)
        XCTAssertNil(engine.heard)
    }

    func testTheSoundOpenedAheadIsHandedOverAtItsSecond() {
        let due = Ring(alarm: work, at: 1_001)
        let opened = engine.prepare(due, opensAhead: true, devices: devices)
        XCTAssertTrue(opened.opened)
        XCTAssertEqual(started.first?.request.startAt, Instant(seconds: 1_001))
        XCTAssertEqual(engine.prepare(due, opensAhead: true, devices: devices).opened, false, "opened once")
        clock.set(Instant(seconds: 1_001))
        engine.follow([ringing(work, since: 1_001)], devices: devices)
        XCTAssertEqual(started.count, 1, "the ringer waiting for the second is the one heard")
        XCTAssertFalse(started[0].stopped)
    }

    func testAChangedNextRingOrAClockStepDropsWhatWasOpenedAhead() {
        _ = engine.prepare(Ring(alarm: work, at: 1_001), opensAhead: true, devices: devices)
        _ = engine.prepare(Ring(alarm: tea, at: 1_001), opensAhead: false, devices: devices)
        XCTAssertTrue(started[0].stopped)
        XCTAssertFalse(engine.isOpen)
        _ = engine.prepare(Ring(alarm: tea, at: 1_001), opensAhead: true, devices: devices)
        engine.dropPrepared()
        XCTAssertTrue(started[1].stopped)
    }

    func testAnAlarmWinsOverAPreview() {
        let preview = RingRequest(sound: .name("beep"), volume: 0.5, fadeInSeconds: 0, ringForSeconds: 5, devices: ["pulse"])
        XCTAssertTrue(engine.startPreview(preview))
        XCTAssertFalse(engine.startPreview(preview), "one preview at a time: the caller ends the old one first")
        let opened = engine.prepare(Ring(alarm: work, at: 1_001), opensAhead: true, devices: devices)
        XCTAssertEqual(opened.opened, true)
        XCTAssertEqual(opened.endedPreview, true)
        XCTAssertTrue(started[0].stopped)
        XCTAssertFalse(engine.startPreview(preview), "refused while an alarm is about to ring")
    }

    /// A sleep timer plays as a preview: an alarm opening ahead cuts it, and its sound takes the
    /// device over from the sleep timer's (a `hw:` device opens only once at a time).
    func testAnAlarmOpeningAheadTakesTheDeviceOverFromASleepTimer() {
        var sleep = RingRequest(sound: .name("tone:melody"), volume: 0.5, fadeInSeconds: 0, ringForSeconds: 1_800, devices: ["pulse"])
        sleep.fadeOutSeconds = 300
        XCTAssertTrue(engine.startPreview(sleep, id: "sleep"))
        XCTAssertEqual(started.map(\.id), ["sleep"])
        XCTAssertEqual(started[0].request.fadeOutSeconds, 300)
        let opened = engine.prepare(Ring(alarm: work, at: 1_001), opensAhead: true, devices: devices)
        XCTAssertEqual(opened.endedPreview, true)
        XCTAssertTrue(started[0].stopped)
        XCTAssertTrue(started[1].after === started[0], "the alarm's sound waits for the sleep timer's to let go")
        XCTAssertNil(engine.preview)
    }

    func testASoundThatEndedByItselfIsForgotten() {
        engine.follow([ringing(work, since: 1_000)], devices: devices)
        XCTAssertEqual(engine.ended().sound, false)
        started[0].hasEnded = true
        XCTAssertEqual(engine.ended().sound, true)
        XCTAssertNil(engine.heard)
    }

    /// A step of `escalate` starts the heard sound again at its level (no fade), handed over from
    /// the old one; an alarm not heard only remembers it, and is heard escalated when it sounds.
    func testAnEscalationRestartsTheHeardSoundAtItsStep() {
        var deep = work
        deep.settings.fadeIn = 30
        deep.settings.escalate = [Escalation(after: 60, volume: 1.0), Escalation(after: 120, sound: .name("tone:bell"))]
        var ring = ringing(deep, since: 940)
        engine.follow([ring], devices: devices)
        ring.escalated = 1
        engine.escalate(ring, devices: devices)
        XCTAssertEqual(started.count, 2)
        XCTAssertTrue(started[0].stopped)
        XCTAssertTrue(started[1].after === started[0], "the new sound waits for the old to let go of the device")
        XCTAssertEqual(started[1].request.volume, 1.0)
        XCTAssertEqual(started[1].request.fadeInSeconds, 0)
        XCTAssertEqual(started[1].request.sound, deep.settings.sound)
        ring.escalated = 2
        engine.escalate(ring, devices: devices)
        XCTAssertEqual(started[2].request.sound, .name("tone:bell"))
        XCTAssertEqual(started[2].request.volume, 1.0, "earlier steps still hold")
        engine.escalate(ringing(tea, since: 1_000), devices: devices)
        XCTAssertEqual(started.count, 3, "tea is not heard: nothing restarts")
    }
}
