@testable import AlarmCore
import XCTest

final class SleepRequestPlanTests: XCTestCase {
    func testItEndsOnTheNearestWholeSecondAndFadesOverItsEnd() {
        let asked = SleepRequest(seconds: 1800, sound: "tone:melody,file:rain")
        let (request, timer) = asked.plan(sounds: ["tone:melody", "file:rain"], now: Instant(seconds: 1000, nanoseconds: 700_000_000), devices: ["pulse"])
        XCTAssertEqual(timer.endsAt, 2801, "0.7 s into the second: the nearest whole one")
        XCTAssertEqual(timer.startedAt, 1001)
        XCTAssertEqual(request.ringForSeconds ?? 0, 1800.3, accuracy: 0.0001, "to the end's second from now")
        XCTAssertEqual(request.laterSounds, [.name("file:rain")])
        XCTAssertEqual(request.fadeOutSeconds, 300, "five minutes' fade for a long one")
        XCTAssertEqual(request.volume, SleepRequest.defaultVolume)
        XCTAssertEqual(timer.sound, "tone:melody,file:rain")
        XCTAssertEqual(request.devices, ["pulse"])
    }
}
