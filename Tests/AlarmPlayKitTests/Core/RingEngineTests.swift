@testable import AlarmPlayKit
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

        init(_ request: RingRequest, _ id: String) {
            self.request = request
            self.id = id
        }

        func stop() { stopped = true }
    }

    private let clock = ManualClock(Instant(seconds: 1_000, nanoseconds: 500_000_000))
    private var started: [FakeSound] = []
    private lazy var engine = RingEngine(clock: clock) { [unowned self] request, id in
        let sound = FakeSound(request, id)
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

    func testASoundThatEndedByItselfIsForgotten() {
        engine.follow([ringing(work, since: 1_000)], devices: devices)
        XCTAssertEqual(engine.ended().sound, false)
        started[0].hasEnded = true
        XCTAssertEqual(engine.ended().sound, true)
        XCTAssertNil(engine.heard)
    }
}
