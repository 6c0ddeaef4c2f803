import AlarmCore
import FaceTerminal
import UnitTestSupport
import XCTest

final class LineInputTests: XCTestCase {
    private let clock = SystemMonotonicTime()

    func testLinesAreTrimmedAndBlankLinesSkipped() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let text = "start\n  LAP \r\n\n\tstop"
        _ = text.withCString { write(fds[1], $0, strlen($0)) }
        close(fds[1])
        let input = LineInput(descriptor: fds[0])
        var events: [InputEvent] = []
        while let event = input.next(until: clock.now() + 2_000_000_000), events.count < 10 {
            events.append(event)
            if event == .endOfInput { break }
        }
        XCTAssertEqual(events, [.line("start"), .line("LAP"), .line("stop"), .endOfInput])
    }

    func testDevNullEndsAtOnceAndThenOnlyWaitsForTheDeadline() {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        let input = LineInput(descriptor: descriptor)
        XCTAssertEqual(input.next(until: clock.now() + 5_000_000_000), .endOfInput)
        let start = clock.now()
        XCTAssertNil(input.next(until: start + 100_000_000))
        let waited = clock.now() - start
        XCTAssertGreaterThanOrEqual(waited, 100_000_000, "returned before the deadline: it would spin")
        XCTAssertLessThan(waited, 2_000_000_000)
    }

    func testWaitsForInputUntilTheDeadline() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        let input = LineInput(descriptor: fds[0])
        let deadline = clock.now() + 50_000_000
        XCTAssertNil(input.next(until: deadline))
        XCTAssertGreaterThanOrEqual(clock.now(), deadline)
    }

    func testDeadlineWakeUpIsPrecise() {
        // The deadline is an absolute timerfd: the wake-up should land well within the timer's 10 ms
        // budget even on a busy machine (median of several, to ignore one scheduling hiccup).
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        let input = LineInput(descriptor: descriptor)
        XCTAssertEqual(input.next(until: nil), .endOfInput)
        var lateness: [Int64] = []
        for _ in 0..<7 {
            let deadline = clock.now() + 30_000_000
            XCTAssertNil(input.next(until: deadline))
            lateness.append(clock.now() - deadline)
        }
        let median = lateness.sorted()[3]
        XCTAssertGreaterThanOrEqual(lateness.min()!, 0)
        XCTAssertLessThan(median, 5_000_000, "lateness \(lateness)")
    }

    func testAnOverlongLineIsDroppedWholeAndTheNextOneKept() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let text = String(repeating: "x", count: 3000) + " snooze\nstop\n"
        _ = text.withCString { write(fds[1], $0, strlen($0)) }
        close(fds[1])
        let input = LineInput(descriptor: fds[0])
        var events: [InputEvent] = []
        while let event = input.next(until: clock.now() + 2_000_000_000), events.count < 10 {
            events.append(event)
            if event == .endOfInput { break }
        }
        XCTAssertEqual(events, [.line("stop"), .endOfInput])
    }

    func testAPartialLineWaitsForItsNewline() {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        let input = LineInput(descriptor: fds[0])
        _ = "sno".withCString { write(fds[1], $0, 3) }
        XCTAssertNil(input.next(until: clock.now() + 50_000_000), "half a line is no command")
        _ = "oze\n".withCString { write(fds[1], $0, 4) }
        XCTAssertEqual(input.next(until: clock.now() + 1_000_000_000), .line("snooze"))
    }
}
