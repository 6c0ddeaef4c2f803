import AlarmCore
import CLinuxShims
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A fixed number of threads, started once when the pool is made (at start-up, so a task limit
/// reached later, systemd's `TasksMax`, cannot take them away), taking jobs from a queue with a
/// limit. A job waits its turn or is refused; it never runs on the thread that handed it over
/// (the loop), and a flood of requests costs a refusal each, not a thread each.
package final class WorkerPool: Sendable {
    /// Why a job was not taken.
    package enum Refusal: Error, Equatable {
        /// `waiting` jobs wait already, the pool's limit.
        case full(waiting: Int)
        /// Not one thread could be started.
        case noThread
    }

    /// What the threads share; it outlives the pool until its last thread has left.
    private final class Queue: Sendable {
        let jobs = Mutex<(waiting: [@Sendable () -> Void], closing: Bool)>(([], false))
        /// An eventfd counting the jobs handed over (and the wake-ups to leave): each read takes one.
        let wakeups: Int32

        init() throws(SystemError) {
            wakeups = eventfd(0, Int32(EFD_CLOEXEC | EFD_SEMAPHORE))
            guard wakeups >= 0 else { throw SystemError("eventfd") }
        }

        deinit { close(wakeups) }

        func wake(_ count: Int) {
            var value = UInt64(count)
            _ = write(wakeups, &value, 8)
        }

        func work() {
            while true {
                var value: UInt64 = 0
                guard read(wakeups, &value, 8) == 8 else {
                    if errno == EINTR { continue }
                    return
                }
                let job = jobs.withLock { jobs -> (@Sendable () -> Void)? in
                    jobs.closing || jobs.waiting.isEmpty ? nil : jobs.waiting.removeFirst()
                }
                guard let job else { return }
                job()
            }
        }
    }

    private let queue: Queue
    /// The threads that started (fewer than asked for under a task limit, said by the caller).
    package let threads: Int
    package let limit: Int

    /// Starts `threads` threads; at most `limit` jobs wait for one.
    package init(threads wanted: Int, limit: Int) throws(SystemError) {
        let queue = try Queue()
        var started = 0
        for _ in 0..<wanted where (try? BackgroundThread.start { queue.work() }) != nil { started += 1 }
        self.queue = queue
        threads = started
        self.limit = limit
    }

    /// The threads leave once their job is done; the jobs still waiting are dropped.
    deinit {
        queue.jobs.withLock { $0.closing = true }
        queue.wake(threads)
    }

    /// Hands `job` to the next free thread.
    package func submit(_ job: @escaping @Sendable () -> Void) throws(Refusal) {
        guard threads > 0 else { throw .noThread }
        let waiting = queue.jobs.withLock { jobs -> Int? in
            guard jobs.waiting.count < limit else { return jobs.waiting.count }
            jobs.waiting.append(job)
            return nil
        }
        if let waiting { throw .full(waiting: waiting) }
        queue.wake(1)
    }

    /// Jobs handed over and not yet started.
    package var waiting: Int { queue.jobs.withLock { $0.waiting.count } }
}
