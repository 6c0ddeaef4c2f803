@testable import AlarmCore
import UnitTestSupport
import XCTest

/// A wake-up phase with a sound in the ring engine, without a device: the ring's ringer starts at
/// the phase's start with the wake-up sound in front, is the one heard at the ring's second, and
/// gives way to another alarm that rings meanwhile.
final class WakeUpRingEngineTests: XCTestCase {
    private final class FakeSound: RingHandle {
        let request: RingRequest
        var stopped = false
        var hasEnded = false
        var isBellActive = false
        var after: (any RingHandle)?

        init(_ request: RingRequest) { self.request = request }
        func stop() { stopped = true }
    }

    private let clock = ManualClock(Instant(seconds: 1_000))
    private var started: [FakeSound] = []
    private lazy var engine = RingEngine(clock: clock) { [unowned self] request, _, after in
        let sound = FakeSound(request)
        sound.after = after
        started.append(sound)
        return sound
    }

    private func work() -> Alarm {
        var work = alarm("06:45", id: "work", position: 1)
        work.settings.wakeUp = 600
        work.settings.wakeUpSound = .name("file:birdsong")
        work.settings.ringFor = 60
        return work
    }

    func testTheRingersRequestStartsAtThePhaseWithTheWakeUpSoundInFront() throws {
        let due = Ring(alarm: work(), at: 1_300)
        XCTAssertTrue(engine.prepare(due, opensAhead: true, devices: { _ in ["pulse"] }, wakeUp: WakeUpPhase(alarm: work(), ring: 1_300)).opened)
        let request = try XCTUnwrap(started.first?.request)
        XCTAssertEqual(request.startAt, Instant(seconds: 700), "the phase's start")
        XCTAssertEqual(request.wakeUp?.sound, .name("file:birdsong"))
        XCTAssertEqual(request.wakeUp?.ring, Instant(seconds: 1_300))
        XCTAssertEqual(request.fadeInSeconds, 0, "the phase is the fade-in")
        XCTAssertEqual(request.ringForSeconds ?? 0, 300 + 60, accuracy: 0.001, "begun now, 300 s before the ring, then ringFor")
        let alone = try XCTUnwrap(request.wakeUp).withoutPhase(request)
        XCTAssertEqual(alone.startAt, Instant(seconds: 1_300), "without its sound the ring starts at its second")
        XCTAssertEqual(alone.fadeInSeconds, 30)
        XCTAssertEqual(alone.ringForSeconds ?? 0, 60, accuracy: 0.001)
        clock.set(Instant(seconds: 1_300))
        engine.follow([RingingAlarm(alarm: work(), since: Instant(seconds: 1_300), snoozesUsed: 0)], devices: { _ in ["pulse"] })
        XCTAssertEqual(started.count, 1, "the same playback carries the ring")
    }

    func testAnotherAlarmThatRingsDuringThePhaseWins() {
        XCTAssertTrue(engine.prepare(Ring(alarm: work(), at: 1_300), opensAhead: true, devices: { _ in ["hw:0"] },
                                     wakeUp: WakeUpPhase(alarm: work(), ring: 1_300)).opened)
        let tea = alarm("06:40", id: "tea", position: 2)
        engine.follow([RingingAlarm(alarm: tea, since: Instant(seconds: 1_000), snoozesUsed: 0)], devices: { _ in ["hw:0"] })
        XCTAssertEqual(started.count, 2)
        XCTAssertTrue(started[0].stopped, "the wake-up sound gives way")
        XCTAssertTrue(started[1].after === started[0], "and the alarm waits for it to let go of the device")
        XCTAssertNil(engine.prepared)
    }
}
