@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

final class PreflightSubstitutionTests: XCTestCase {
    private let request = RingRequest(sound: .name("file:song"), volume: 0.8, fadeInSeconds: 0, ringForSeconds: 60,
                                      devices: ["hw:1", "pulse"], fallbackSound: .name("tone:beep"))

    func testABrokenSoundRingsItsFallbackAndABrokenFirstDeviceIsSkipped() {
        let problems = [PreflightProblem(.sound("file:song"), "cannot play file:song: gone"),
                        PreflightProblem(.device("hw:1"), "cannot open audio device \"hw:1\": No such device")]
        let (changed, lines) = PreflightSubstitution.apply(problems, to: request)
        XCTAssertEqual(changed.sound, .name("tone:beep"))
        XCTAssertEqual(changed.devices, ["pulse"])
        XCTAssertEqual(lines, ["cannot play file:song: gone; ringing tone:beep instead (found by the check before the ring)",
                               "cannot open audio device \"hw:1\": No such device; ringing on pulse instead (found by the check before the ring)"])
    }

    func testWithoutAFallbackTheToneAndWhatDoesNotChangeTheRingIsNoSubstitution() {
        var plain = request
        plain.fallbackSound = nil
        XCTAssertEqual(PreflightSubstitution.apply([PreflightProblem(.sound("file:song"), "gone")], to: plain).request.sound, .name("tone:classic"))
        let later = PreflightSubstitution.apply([PreflightProblem(.device("pulse"), "down"), PreflightProblem(.clock, "unsynchronised")], to: request)
        XCTAssertEqual(later.request, request, "the first device works and the clock has no stand-in")
        XCTAssertEqual(later.replaced, [])
        let none = PreflightSubstitution.apply([PreflightProblem(.device("hw:1"), "x"), PreflightProblem(.device("pulse"), "y")], to: request)
        XCTAssertEqual(none.request.devices, ["hw:1", "pulse"], "none opens: the ringer tries them all and rings the bell meanwhile")
    }
}
