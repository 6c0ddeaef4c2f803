import AlarmCore
import AlarmCLI
import UnitTestSupport
import XCTest

final class StopwatchTests: XCTestCase {
    func testElapsedComesFromStartInstantsAcrossPauses() {
        var stopwatch = Stopwatch()
        XCTAssertEqual(stopwatch.state, .ready)
        XCTAssertTrue(stopwatch.start(at: .seconds(100)))
        XCTAssertEqual(stopwatch.elapsed(at: .seconds(102.5)), .seconds(2.5))
        XCTAssertTrue(stopwatch.stop(at: .seconds(103)))
        XCTAssertEqual(stopwatch.state, .paused)
        // Paused: time does not move.
        XCTAssertEqual(stopwatch.elapsed(at: .seconds(500)), .seconds(3))
        XCTAssertTrue(stopwatch.start(at: .seconds(600)))
        XCTAssertEqual(stopwatch.elapsed(at: .seconds(601.25)), .seconds(4.25))
    }

    func testTenMinutesOfRunningMatchesTheClockExactly() {
        var stopwatch = Stopwatch()
        let start: Int64 = 123_456_789
        stopwatch.start(at: start)
        for second in 1...600 { _ = stopwatch.elapsed(at: start + .seconds(Double(second))) }
        XCTAssertEqual(stopwatch.elapsed(at: start + .seconds(600)), .seconds(600))
    }

    func testStartStopAreRefusedInTheWrongState() {
        var stopwatch = Stopwatch()
        XCTAssertFalse(stopwatch.stop(at: 0))
        stopwatch.start(at: 0)
        XCTAssertFalse(stopwatch.start(at: .seconds(1)))
        XCTAssertEqual(stopwatch.elapsed(at: .seconds(2)), .seconds(2), "a second start must not move the start instant")
    }

    func testLapsOnlyWhileRunningWithTotalsAndDiffs() {
        var stopwatch = Stopwatch()
        XCTAssertNil(stopwatch.lap(at: 0))
        stopwatch.start(at: 0)
        XCTAssertEqual(stopwatch.lap(at: .seconds(10)), Lap(number: 1, total: .seconds(10), previousTotal: 0))
        stopwatch.stop(at: .seconds(15))
        XCTAssertNil(stopwatch.lap(at: .seconds(16)))
        stopwatch.start(at: .seconds(100))
        let lap = stopwatch.lap(at: .seconds(102))
        XCTAssertEqual(lap, Lap(number: 2, total: .seconds(17), previousTotal: .seconds(10)))
        XCTAssertEqual(lap?.duration, .seconds(7))
    }

    func testResetOnlyWhileStopped() {
        var stopwatch = Stopwatch()
        XCTAssertFalse(stopwatch.reset())
        stopwatch.start(at: 0)
        _ = stopwatch.lap(at: .seconds(1))
        XCTAssertFalse(stopwatch.reset())
        stopwatch.stop(at: .seconds(2))
        XCTAssertTrue(stopwatch.reset())
        XCTAssertEqual(stopwatch, Stopwatch())
        XCTAssertEqual(stopwatch.elapsed(at: .seconds(9)), 0)
    }

    func testFastestAndSlowestMarkedFromThreeLaps() {
        var stopwatch = Stopwatch()
        stopwatch.start(at: 0)
        _ = stopwatch.lap(at: .seconds(10))
        _ = stopwatch.lap(at: .seconds(15))
        XCTAssertNil(stopwatch.mark(ofLapAt: 0), "two laps are not marked")
        _ = stopwatch.lap(at: .seconds(27))
        XCTAssertEqual(stopwatch.mark(ofLapAt: 0), nil)
        XCTAssertEqual(stopwatch.mark(ofLapAt: 1), .fastest)
        XCTAssertEqual(stopwatch.mark(ofLapAt: 2), .slowest)
        _ = stopwatch.lap(at: .seconds(28))
        XCTAssertEqual(stopwatch.mark(ofLapAt: 1), nil)
        XCTAssertEqual(stopwatch.mark(ofLapAt: 3), .fastest)
    }

    func testEqualLapsAreNotMarked() {
        var stopwatch = Stopwatch()
        stopwatch.start(at: 0)
        for second in [5.0, 10, 15] { _ = stopwatch.lap(at: .seconds(second)) }
        XCTAssertEqual((0..<3).compactMap { stopwatch.mark(ofLapAt: $0) }, [])
    }

    func testJSONFinalState() {
        var stopwatch = Stopwatch()
        stopwatch.start(at: 0)
        _ = stopwatch.lap(at: 1_234_567_890)
        _ = stopwatch.lap(at: 2_000_999_999)
        stopwatch.stop(at: 2_500_000_000)
        XCTAssertEqual(
            StopwatchJSON.render(stopwatch, at: .seconds(99)),
            #"{"elapsedMs":2500,"laps":[{"number":1,"totalMs":1234,"diffMs":1234},{"number":2,"totalMs":2000,"diffMs":766}]}"#
        )
        XCTAssertEqual(StopwatchJSON.render(Stopwatch(), at: 5), #"{"elapsedMs":0,"laps":[]}"#)
    }
}
