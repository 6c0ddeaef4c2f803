@testable import AlarmCore
import UnitTestSupport
import XCTest

/// A preview, a sleep timer and the next alarm said aloud, each the ring engine's preview: what
/// each starts, what ends it, and what is said.
final class PreviewsTests: XCTestCase {
    private final class FakeSound: RingHandle {
        let request: RingRequest
        var stopped = false
        var hasEnded = false
        var isBellActive = false
        var scale = 1.0
        init(_ request: RingRequest) { self.request = request }
        func stop() { stopped = true }
        func scaleVolume(by factor: Double) -> Double {
            scale *= factor
            return scale
        }
    }

    private var started: [FakeSound] = []
    private var said: [DaemonEvent] = []
    private lazy var engine = RingEngine(clock: ManualClock(Instant(seconds: 1_000))) { [unowned self] request, _, _ in
        let sound = FakeSound(request)
        started.append(sound)
        return sound
    }
    private lazy var previews = Previews(engine: engine) { [unowned self] in said.append($0) }
    private let entry = SoundEntry(index: 1, sound: Sound(provider: "tone", key: "beep", title: "Beep", details: SoundDetails(durationSeconds: 2)))

    func testASleepTimerReplacesAPreviewAndEachStopEndsOnlyItsOwnKind() {
        XCTAssertEqual(previews.preview(entry, volume: 0.5, devices: ["pulse"]), .value(.previewing(sound: "tone:beep", seconds: 2)))
        XCTAssertEqual(previews.stop(sleep: true), .value(.stopped(false)), "no sleep timer plays")
        _ = previews.sleep(SleepRequest(seconds: 600), sounds: ["tone:melody"], now: Instant(seconds: 1_000), devices: ["pulse"])
        XCTAssertTrue(started[0].stopped, "the preview gives way")
        XCTAssertEqual(previews.sleepTimer?.endsAt, 1_600)
        XCTAssertEqual(previews.previewRefusal(ringing: false)?.kind, .conflict, "a preview does not cut a sleep timer")
        XCTAssertEqual(previews.stop(sleep: false), .value(.stopped(false)))
        XCTAssertEqual(previews.stop(sleep: true), .value(.stopped(true)))
        XCTAssertNil(previews.sleepTimer)
        XCTAssertEqual(said.map(\.name), ["preview_started", "preview_ended", "sleep_started", "sleep_ended"])
    }

    func testAnAlarmWinsAndTheNextAlarmIsSaidOnlyWithSpeech() {
        XCTAssertEqual(previews.previewRefusal(ringing: true)?.kind, .conflict)
        let next = Ring(alarm: alarm("06:45", id: "work", position: 1), at: 1_796_630_400 + 6 * 3600 + 45 * 60)
        XCTAssertEqual(previews.sayNext(next, devices: [], ringing: true, speechInstalled: true).refusal?.kind, .conflict)
        XCTAssertEqual(previews.sayNext(nil, devices: [], ringing: false, speechInstalled: true).refusal?.message, "no alarm rings ahead")
        XCTAssertEqual(previews.sayNext(next, devices: [], ringing: false, speechInstalled: false).refusal?.kind, .unavailable)
        XCTAssertNil(previews.sayNext(next, devices: ["pulse"], ringing: false, speechInstalled: true).refusal)
        XCTAssertEqual(started.last?.request.sound, .name("speak:time"))
        XCTAssertEqual(previews.changeVolume(louder: true).refusal, nil)
        XCTAssertEqual(said.last, .volumeChanged(percent: 125))
    }
}
