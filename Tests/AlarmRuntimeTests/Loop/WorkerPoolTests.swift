@testable import AlarmRuntime
import Synchronization
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class WorkerPoolTests: XCTestCase {
    /// A job that waits until the test lets it go.
    private final class Gate: Sendable {
        let started = Atomic<Int>(0)
        let open = Atomic<Bool>(false)
        let finished = Atomic<Int>(0)

        func job() -> @Sendable () -> Void {
            { [self] in
                started.add(1, ordering: .sequentiallyConsistent)
                while !open.load(ordering: .sequentiallyConsistent) { usleep(1000) }
                finished.add(1, ordering: .sequentiallyConsistent)
            }
        }

        func wait(until count: () -> Int, reaches value: Int) {
            for _ in 0..<5000 where count() < value { usleep(1000) }
        }
    }

    func testAFullQueueIsRefusedAtOnceAndTheJobsTakenAllRun() throws {
        let pool = try WorkerPool(threads: 1, limit: 2)
        let gate = Gate()
        try pool.submit(gate.job())
        gate.wait(until: { gate.started.load(ordering: .sequentiallyConsistent) }, reaches: 1)
        try pool.submit(gate.job())
        try pool.submit(gate.job())
        XCTAssertThrowsError(try pool.submit(gate.job())) { XCTAssertEqual($0 as? WorkerPool.Refusal, .full(waiting: 2)) }
        gate.open.store(true, ordering: .sequentiallyConsistent)
        gate.wait(until: { gate.finished.load(ordering: .sequentiallyConsistent) }, reaches: 3)
        XCTAssertEqual(gate.finished.load(ordering: .sequentiallyConsistent), 3)
        XCTAssertEqual(pool.waiting, 0)
    }

    /// The thread a job ran on, if it ran.
    private final class RanOn: Sendable {
        let thread = Mutex<pthread_t?>(nil)

        func job() -> @Sendable () -> Void { { [self] in thread.withLock { $0 = pthread_self() } } }
    }

    func testAJobNeverRunsOnTheThreadThatHandsItOver() throws {
        let pool = try WorkerPool(threads: 2, limit: 4)
        let ranOn = RanOn()
        try pool.submit(ranOn.job())
        for _ in 0..<5000 where ranOn.thread.withLock({ $0 }) == nil { usleep(1000) }
        let thread = try XCTUnwrap(ranOn.thread.withLock { $0 })
        XCTAssertEqual(pthread_equal(thread, pthread_self()), 0)
    }

    func testWithoutAThreadAJobIsRefusedNotRunInline() throws {
        let pool = try WorkerPool(threads: 0, limit: 4)
        let ranOn = RanOn()
        XCTAssertThrowsError(try pool.submit(ranOn.job())) { XCTAssertEqual($0 as? WorkerPool.Refusal, .noThread) }
        usleep(50_000)
        XCTAssertNil(ranOn.thread.withLock { $0 })
    }
}
