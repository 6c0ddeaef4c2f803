@testable import AlarmCore
@testable import AlarmRuntime
import UnitTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The real timerfd. Setting the clock to what it already says is a step to the kernel (it
/// cancels CANCEL_ON_SET timers) without moving time for anything else; the tests run as root.
final class WallClockTimerTests: XCTestCase {
    override func setUpWithError() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root (clock_settime steps the clock); not run as user \(getuid())") }
    }

    private func stepTheClock() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        XCTAssertEqual(clock_settime(CLOCK_REALTIME, &now), 0, "the tests run as root: \(String(cString: strerror(errno)))")
    }

    func testAStepIsReadAsAClockChange() throws {
        let timer = try WallClockTimer(wakeFromSuspend: false)
        XCTAssertEqual(try timer.arm(at: (Int64(time(nil)) + 3600, 0)), .armed)
        stepTheClock()
        XCTAssertEqual(timer.acknowledge(), .clockChanged)
    }

    /// A step between two arms, with no read between them: the second arm reports it, once.
    func testAStepBeforeTheNextArmIsReportedByThatArm() throws {
        let timer = try WallClockTimer(wakeFromSuspend: false)
        let far = (seconds: Int64(time(nil)) + 3600, nanoseconds: Int64(0))
        XCTAssertEqual(try timer.arm(at: far), .armed)
        stepTheClock()
        XCTAssertEqual(try timer.arm(at: far), .clockChanged)
        XCTAssertEqual(timer.acknowledge(), .spurious, "the read does not report it again")
        XCTAssertEqual(try timer.arm(at: far), .armed)
    }
}
