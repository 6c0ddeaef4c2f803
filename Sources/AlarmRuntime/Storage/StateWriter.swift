import AlarmCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// state.json written off the loop: the loop hands over the newest state and goes on, and one
/// thread at a time writes it (atomically, under the file's lock), skipping the states a burst
/// of changes made in between. So an fsync on a busy disk delays no ring. What could not be
/// written comes back through the notifier, for the loop to log.
final package class StateWriter: Sendable {
    private struct Queue {
        var next: DaemonState?
        var writing = false
        var failures: [String] = []
    }

    private let store: StateStore
    private let notifier: Notifier
    private let queue = Mutex(Queue())

    package init(store: StateStore, notifier: Notifier) {
        self.store = store
        self.notifier = notifier
    }

    /// Writes `state` soon; returns at once.
    package func save(_ state: DaemonState) {
        let start = queue.withLock { queue in
            queue.next = state
            defer { queue.writing = true }
            return !queue.writing
        }
        guard start else { return }
        do {
            try BackgroundThread.start { [self] in
                while let state = queue.withLock({ queue -> DaemonState? in
                    defer { queue.next = nil }
                    if queue.next == nil { queue.writing = false }
                    return queue.next
                }) {
                    write(state)
                }
            }
        } catch {
            // The state waits for the next save (or the flush at exit) rather than be written on the loop.
            queue.withLock {
                $0.writing = false
                $0.failures.append("\(error)")
            }
            notifier.signal()
        }
    }

    /// At exit, on the loop: what is being written is finished and the last state is written
    /// here, so nothing handed over is lost; a disk or a lock that does not answer within
    /// `exitSeconds` each is given up (and said), so a stop always ends `run`.
    package func flush(_ state: DaemonState) {
        let giveUp = SystemMonotonicTime.seconds + Self.exitSeconds
        while queue.withLock({ $0.writing }), SystemMonotonicTime.seconds < giveUp { usleep(1000) }
        write(state, lockDeadline: SystemMonotonicTime.seconds + Self.exitSeconds)
    }

    package static let exitSeconds = 2.0

    /// The problems since the last call, for `state_not_saved`.
    package func drainFailures() -> [String] {
        queue.withLock { queue in
            defer { queue.failures = [] }
            return queue.failures
        }
    }

    private func write(_ state: DaemonState, lockDeadline: Double? = nil) {
        do {
            // A first run may have made nothing yet of its state folder, lock file's place included.
            try FileSystem.makeDirectories(FileSystem.parent(of: store.path))
            let lock = try FileLock(guarding: store.path, until: lockDeadline)
            try store.save(state)
            withExtendedLifetime(lock) {}
        } catch {
            queue.withLock { $0.failures.append("\(error)") }
            notifier.signal()
        }
    }
}
