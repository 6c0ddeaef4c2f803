import AlarmCore
import AlarmAudio
import AlarmRuntime
import UnitTestSupport
import XCTest

final class DeviceFallbackTests: XCTestCase {
    func testTriesTheDevicesInOrderThenDefaultOnce() {
        XCTAssertEqual(DeviceFallback(["pipewire", "plughw:CARD=Headphones"]).devices, ["pipewire", "plughw:CARD=Headphones", "default"])
        XCTAssertEqual(DeviceFallback(["default", "tap", "tap"]).devices, ["default", "tap"])
        XCTAssertEqual(DeviceFallback([]).devices, ["default"])
    }

    func testAFailureMovesOnAtOnceAndAllFailedMeansTheBellThenTheFirstAgain() {
        var fallback = DeviceFallback(["default", "tap"])
        XCTAssertEqual(fallback.current, "default")
        XCTAssertEqual(fallback.failed("default", reason: "Host is down"), "Host is down")
        XCTAssertEqual(fallback.current, "tap")
        XCTAssertEqual(fallback.failed("tap", reason: "busy"), "busy")
        XCTAssertNil(fallback.current, "every device failed: the bell")
        fallback.startOver()
        XCTAssertEqual(fallback.current, "default")
    }

    func testEachReasonIsLoggedOnceUntilTheDevicePlaysAgain() {
        var fallback = DeviceFallback(["pulse"])
        XCTAssertEqual(fallback.failed("pulse", reason: "Connection refused"), "Connection refused")
        fallback.startOver()
        XCTAssertNil(fallback.failed("pulse", reason: "Connection refused"), "the bell's retries say nothing new")
        fallback.startOver()
        XCTAssertEqual(fallback.failed("pulse", reason: "stalled"), "stalled", "a new reason is news")
        fallback.startOver()
        fallback.opened("pulse")
        XCTAssertEqual(fallback.failed("pulse", reason: "stalled"), "stalled", "it played in between")
    }

    func testADeviceThatPlayedAndFailedIsNotTriedBeforeTheRestOfTheOrder() {
        var fallback = DeviceFallback(["a", "b", "c"])
        _ = fallback.failed("a", reason: "Host is down")
        fallback.opened("b")
        _ = fallback.failed("b", reason: "went away")
        XCTAssertEqual(fallback.current, "c")
    }

    func testAnAlarmsOwnDevicesWinOverTheCommandLine() {
        XCTAssertEqual(DeviceFallback.asked(alarm: ["tap"], commandLine: ["pulse"]), ["tap"])
        XCTAssertEqual(DeviceFallback.asked(alarm: nil, commandLine: ["pulse", "default"]), ["pulse", "default"])
        XCTAssertEqual(DeviceFallback.asked(alarm: nil, commandLine: []), ["default"])
    }
}
