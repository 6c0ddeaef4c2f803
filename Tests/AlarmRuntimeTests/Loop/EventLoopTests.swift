import AlarmCore
import AlarmRuntime
import UnitTestSupport
import XCTest

final class EventLoopTests: XCTestCase {
    private let clock = SystemMonotonicTime()

    func testDeadlinesRunInOrderAndNotBeforeTheirTime() {
        let loop = EventLoop()
        let start = clock.now()
        var fired: [(String, Int64)] = []
        loop.schedule(afterMilliseconds: 60) { fired.append(("late", self.clock.now() - start)); loop.stop() }
        loop.schedule(afterMilliseconds: 20) { fired.append(("early", self.clock.now() - start)) }
        loop.run()
        XCTAssertEqual(fired.map(\.0), ["early", "late"])
        XCTAssertGreaterThanOrEqual(fired[0].1, 20_000_000)
        XCTAssertGreaterThanOrEqual(fired[1].1, 60_000_000)
    }

    func testACancelledDeadlineNeverRuns() {
        let loop = EventLoop()
        var ran = false
        let deadline = loop.schedule(afterMilliseconds: 10) { ran = true }
        loop.cancel(deadline)
        loop.schedule(afterMilliseconds: 40) { loop.stop() }
        loop.run()
        XCTAssertFalse(ran)
    }

    func testWritableInterestIsReportedOnlyWhenAsked() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let loop = EventLoop()
        var seen: [EventLoop.Readiness] = []
        loop.watch(ends[0], for: .readable) { readiness in
            seen.append(readiness)
            loop.unwatch(ends[0])
        }
        loop.schedule(afterMilliseconds: 30) {
            loop.watch(ends[0], for: .writable) { readiness in
                seen.append(readiness)
                loop.stop()
            }
        }
        loop.run()
        XCTAssertEqual(seen, [.writable], "an idle socket is not readable; it is writable once asked")
    }
}
