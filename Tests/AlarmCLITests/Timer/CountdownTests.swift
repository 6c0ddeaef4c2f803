import AlarmCore
import AlarmCLI
import UnitTestSupport
import XCTest

final class CountdownTests: XCTestCase {
    func testDeadlineIsFixedAtStart() {
        let countdown = Countdown(duration: .seconds(120), startedAt: .seconds(1000))
        XCTAssertEqual(countdown.deadline, .seconds(1120))
        XCTAssertEqual(countdown.remaining(at: .seconds(1030)), .seconds(90))
        XCTAssertFalse(countdown.isFinished(at: .seconds(1119.999)))
        XCTAssertTrue(countdown.isFinished(at: .seconds(1120)))
        XCTAssertEqual(countdown.remaining(at: .seconds(5000)), 0)
        XCTAssertEqual(countdown.progress(at: .seconds(1030)), 0.25, accuracy: 1e-9)
    }

    func testPauseKeepsTheTimeLeftAndResumeMovesTheDeadline() {
        var countdown = Countdown(duration: .seconds(60), startedAt: 0)
        countdown.togglePause(at: .seconds(20))
        XCTAssertTrue(countdown.isPaused)
        XCTAssertNil(countdown.deadline)
        XCTAssertEqual(countdown.remaining(at: .seconds(500)), .seconds(40))
        XCTAssertFalse(countdown.isFinished(at: .seconds(500)))
        countdown.togglePause(at: .seconds(500))
        XCTAssertEqual(countdown.deadline, .seconds(540))
        XCTAssertEqual(countdown.remaining(at: .seconds(530)), .seconds(10))
    }

    func testAddingAMinuteRunningAndPaused() {
        var countdown = Countdown(duration: .seconds(30), startedAt: 0)
        countdown.add(.seconds(60))
        XCTAssertEqual(countdown.deadline, .seconds(90))
        XCTAssertEqual(countdown.total, .seconds(90))
        countdown.togglePause(at: .seconds(45))
        countdown.add(.seconds(60))
        XCTAssertEqual(countdown.remaining(at: .seconds(100)), .seconds(105))
        XCTAssertEqual(countdown.progress(at: .seconds(100)), 45.0 / 150.0, accuracy: 1e-9)
    }

    func testRemainingIsShownRoundedUp() {
        XCTAssertEqual(CountdownFormat.remaining(.seconds(1500)), "25:00")
        XCTAssertEqual(CountdownFormat.remaining(.seconds(1499.2)), "25:00")
        XCTAssertEqual(CountdownFormat.remaining(.seconds(0.001)), "00:01")
        XCTAssertEqual(CountdownFormat.remaining(0), "00:00")
        XCTAssertEqual(CountdownFormat.remaining(.seconds(5400)), "1:30:00")
    }

    func testBar() {
        XCTAssertEqual(CountdownFormat.bar(0, width: 10), "[----------]")
        XCTAssertEqual(CountdownFormat.bar(0.55, width: 10), "[#####-----]")
        XCTAssertEqual(CountdownFormat.bar(1, width: 10), "[##########]")
    }

    func testRedrawsFallOnTheSecondTicks() {
        let countdown = Countdown(duration: .seconds(10), startedAt: 0)
        XCTAssertEqual(CountdownFormat.nextChange(countdown, at: .seconds(0.3)), .seconds(1))
        XCTAssertEqual(CountdownFormat.nextChange(countdown, at: .seconds(1)), .seconds(2))
        var paused = countdown
        paused.togglePause(at: .seconds(2))
        XCTAssertNil(CountdownFormat.nextChange(paused, at: .seconds(3)))
    }

    func testStatusLine() {
        let countdown = Countdown(duration: .seconds(300), startedAt: 0)
        XCTAssertEqual(
            CountdownFormat.line(countdown, label: "Tea", at: .seconds(60)),
            "Tea  04:00  [####----------------]   Space pause  + 1 min  q cancel"
        )
    }

    func testControls() {
        XCTAssertEqual(TimerControl(key: .space), .togglePause)
        XCTAssertEqual(TimerControl(key: .character("+")), .addMinute)
        XCTAssertEqual(TimerControl(key: .interrupt), .cancel)
        XCTAssertEqual(TimerControl(key: .character("q")), .cancel)
        XCTAssertNil(TimerControl(key: .character("x")))
        XCTAssertEqual(TimerControl(line: "Pause"), .togglePause)
        XCTAssertEqual(TimerControl(line: "+"), .addMinute)
        XCTAssertEqual(TimerControl(line: "cancel"), .cancel)
        XCTAssertNil(TimerControl(line: "stop"))
    }
}
