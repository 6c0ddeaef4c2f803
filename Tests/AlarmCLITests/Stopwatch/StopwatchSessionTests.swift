import AlarmCore
import AlarmCLI
import UnitTestSupport
import XCTest

final class StopwatchSessionTests: XCTestCase {
    func testDialogue() {
        let clock = FakeTimeSource()
        var copied: [String] = []
        var session = StopwatchSession(clock: clock) { text in
            copied.append(text)
            return [.terminal, .xclip]
        }
        XCTAssertEqual(session.perform(.lap), "no lap: the stopwatch is not running")
        XCTAssertEqual(session.perform(.copy), "no laps to copy")
        XCTAssertEqual(session.perform(.toggle), "started at 00:00.00")
        clock.advance(seconds: 1.25)
        XCTAssertEqual(session.perform(.lap), "Lap 1   00:01.25   +00:01.25")
        XCTAssertEqual(session.perform(.reset), "no reset while running: stop first")
        clock.advance(seconds: 0.5)
        XCTAssertEqual(session.perform(.toggle), "stopped at 00:01.75")
        XCTAssertEqual(session.perform(.copy), "copied 1 lap (OSC 52, xclip)")
        XCTAssertEqual(copied, ["1   00:01.25   00:01.25\n"])
        XCTAssertEqual(session.perform(.reset), "reset")
        XCTAssertEqual(session.perform(.reset), "already at zero")
        XCTAssertEqual(session.perform(.start), "started at 00:00.00")
        clock.advance(seconds: 2)
        XCTAssertEqual(session.perform(.quit), "quit at 00:02.00")
        clock.advance(seconds: 2)
        XCTAssertEqual(session.stopwatch.elapsed(at: clock.now()), .seconds(2), "quit freezes the time")
    }

    func testCopyWithNowhereToCopySaysSo() {
        let clock = FakeTimeSource()
        var session = StopwatchSession(clock: clock) { _ in [] }
        _ = session.perform(.start)
        _ = session.perform(.lap)
        XCTAssertTrue(session.perform(.copy).hasPrefix("copy failed"))
    }

    func testKeysAndLines() {
        XCTAssertEqual(StopwatchAction(key: .space), .toggle)
        XCTAssertEqual(StopwatchAction(key: .enter), .lap)
        XCTAssertEqual(StopwatchAction(key: .character("L")), .lap)
        XCTAssertEqual(StopwatchAction(key: .character("r")), .reset)
        XCTAssertEqual(StopwatchAction(key: .character("c")), .copy)
        XCTAssertEqual(StopwatchAction(key: .character("q")), .quit)
        XCTAssertEqual(StopwatchAction(key: .interrupt), .quit)
        XCTAssertNil(StopwatchAction(key: .escape))
        XCTAssertNil(StopwatchAction(key: .arrow(.up)))
        XCTAssertEqual(StopwatchAction(line: "START"), .start)
        XCTAssertEqual(StopwatchAction(line: "Lap"), .lap)
        XCTAssertEqual(StopwatchAction(line: "quit"), .quit)
        XCTAssertNil(StopwatchAction(line: "lapp"))
    }

    func testDisplayDrawsOnlyTheNewestLapsThatFit() {
        var stopwatch = Stopwatch()
        stopwatch.start(at: 0)
        for second in 1...5000 { _ = stopwatch.lap(at: .seconds(Double(second) * 1.5)) }
        let lines = StopwatchDisplay.lines(stopwatch, at: .seconds(7501), message: nil, maxLaps: 3)
        XCTAssertEqual(lines, [
            "  2:05:01.00   running",
            StopwatchDisplay.keys,
            "Lap 5000   2:05:00.00   +00:01.50",
            "Lap 4999   2:04:58.50   +00:01.50",
            "Lap 4998   2:04:57.00   +00:01.50",
            "(4997 earlier laps)",
        ])
    }

    func testSummaryListsEveryLapNewestFirst() {
        var stopwatch = Stopwatch()
        stopwatch.start(at: 0)
        _ = stopwatch.lap(at: .seconds(1))
        _ = stopwatch.lap(at: .seconds(3))
        _ = stopwatch.lap(at: .seconds(3.5))
        stopwatch.stop(at: .seconds(4))
        XCTAssertEqual(StopwatchDisplay.summary(stopwatch, at: .seconds(10)), [
            "Stopwatch 00:04.00",
            "Lap 3   00:03.50   +00:00.50  fastest",
            "Lap 2   00:03.00   +00:02.00  slowest",
            "Lap 1   00:01.00   +00:01.00",
        ])
    }
}
