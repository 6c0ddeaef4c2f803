import AlarmCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Jobs run one after another, in the order given, on a thread of their own: a job that waits
/// (a sound server's round trip) delays the jobs behind it, never the loop.
package final class SerialJobs: Sendable {
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        var running = false
    }

    private let queue = Mutex(Queue())

    package init() {}

    package func add(_ job: @escaping @Sendable () -> Void) {
        let start = queue.withLock { queue in
            queue.jobs.append(job)
            defer { queue.running = true }
            return !queue.running
        }
        guard start else { return }
        do {
            try BackgroundThread.start { self.drain() }
        } catch {
            // Never run here, on the caller's thread (the loop): the jobs wait for the next `add`.
            queue.withLock { $0.running = false }
        }
    }

    /// Waits until every job given so far has run, at most `milliseconds` (for a clean exit).
    package func wait(milliseconds: Int) {
        for _ in 0..<milliseconds where queue.withLock({ $0.running }) { usleep(1000) }
    }

    private func drain() {
        while let job = queue.withLock({ queue -> (@Sendable () -> Void)? in
            guard !queue.jobs.isEmpty else {
                queue.running = false
                return nil
            }
            return queue.jobs.removeFirst()
        }) {
            job()
        }
    }
}
