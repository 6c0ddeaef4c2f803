import AlarmCore
import Synchronization

/// Work that may wait on the disk (the alarms file's lock and fsync, an upload checked by
/// libsndfile) on worker threads started with `run`; its result comes back to the loop through
/// the notifier. So a held lock or a slow disk delays only that request, never a ring or another
/// face. Edits have a lane of their own (they queue for one lock anyway), so edits waiting never
/// hold back a reload or the check before a ring; each lane's queue has a limit, past which a
/// request is refused as busy at once.
final package class OffLoopWorker {
    /// A job's outcome, typed, from its worker to the loop.
    private final class Slot<Value: Sendable>: Sendable {
        private let result = Mutex<Result<Value, any Error>?>(nil)

        func fill(_ outcome: Result<Value, any Error>) { result.withLock { $0 = outcome } }
        func take() -> Result<Value, any Error> { result.withLock { $0 } ?? .failure(WorkRefused(WorkRefused.Reason.noThread)) }
    }

    /// The jobs done, by id, for the loop to collect.
    private final class Finished: Sendable {
        private let ids = Mutex<[Int]>([])

        func post(_ id: Int) { ids.withLock { $0.append(id) } }
        func drain() -> [Int] { ids.withLock { list in defer { list = [] }; return list } }
    }

    private let notifier: Notifier
    private let finished = Finished()
    private var waiting: [Int: () -> Void] = [:]
    private var nextID = 0
    private let jobs: WorkerPool
    private let edits: WorkerPool
    /// How long an edit may wait, its turn and the file's lock together, before it is refused.
    package let editSeconds: Double

    /// The threads start here, once (`run`'s start-up): at most `editsWaiting` edits wait for the
    /// one edit thread, `jobsWaiting` other jobs for the `jobThreads` others.
    package init(notifier: Notifier, jobThreads: Int = 2, jobsWaiting: Int = 32, editsWaiting: Int = 8,
                 editSeconds: Double = OffLoopWorker.editSeconds) throws(SystemError) {
        self.notifier = notifier
        jobs = try WorkerPool(threads: jobThreads, limit: jobsWaiting)
        edits = try WorkerPool(threads: 1, limit: editsWaiting)
        self.editSeconds = editSeconds
    }

    package static let editSeconds = 10.0

    /// Edits handed over whose turn has not come.
    package var editsWaiting: Int { edits.waiting }

    /// Runs `work` on a worker thread; `done` gets its outcome on the loop, or at once when the
    /// work is refused (`WorkRefused`).
    package func perform<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value, then done: @escaping (Result<Value, any Error>) -> Void) {
        perform(on: jobs, work, then: done)
    }

    /// On the loop, once the notifier woke it: hands each finished job its outcome.
    package func deliver() {
        for id in finished.drain() { waiting.removeValue(forKey: id)?() }
    }

    private func perform<Value: Sendable>(on pool: WorkerPool, _ work: @escaping @Sendable () throws -> Value,
                                          then done: @escaping (Result<Value, any Error>) -> Void) {
        let id = nextID
        nextID += 1
        let slot = Slot<Value>()
        let (finished, notifier) = (finished, notifier)
        do throws(WorkerPool.Refusal) {
            try pool.submit {
                slot.fill(Result { try work() })
                finished.post(id)
                notifier.signal()
            }
            waiting[id] = { done(slot.take()) }
        } catch {
            done(.failure(WorkRefused(error)))
        }
    }
}

extension OffLoopWorker {
    /// What an edit wrote, and the value its change handed back.
    package struct Written<Value: Sendable>: Sendable {
        package var file: AlarmFile
        package var value: Value
    }

    /// Runs `change` in the one locked, atomic writer of the alarms file (`AlarmFileUpdate`), in
    /// the edits' lane: refused when `editSeconds` pass before it is made, waiting for its turn
    /// (`WorkRefused`) or for the lock another process holds (`FileLock.Held`).
    package func edit<Value: Sendable>(
        path: String, sounds: SoundRegistry, whenMissing: JSONValue?,
        _ change: @escaping @Sendable (AlarmFile) throws -> (edit: AlarmEdit?, result: Value),
        then done: @escaping (Result<Written<Value>, any Error>) -> Void
    ) {
        let deadline = SystemMonotonicTime.seconds + editSeconds
        let seconds = Int(editSeconds.rounded())
        perform(on: edits, {
            guard SystemMonotonicTime.seconds < deadline else { throw WorkRefused(.waitedBehind(seconds: seconds)) }
            let (file, value) = try AlarmFileUpdate.perform(path: path, sounds: sounds, whenMissing: whenMissing, lockDeadline: deadline, change)
            return Written(file: file, value: value)
        }, then: done)
    }
}
