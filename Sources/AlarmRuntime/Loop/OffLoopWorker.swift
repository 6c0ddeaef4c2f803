import AlarmCore
import Synchronization

/// Work that may wait on the disk (the alarms file's lock and fsync, an upload checked by
/// libsndfile) on a thread of its own; its result comes back to the loop through the notifier.
/// So a held lock or a slow disk delays only that request, never a ring or another request.
final package class OffLoopWorker {
    private final class Finished: Sendable {
        private let results = Mutex<[(Int, Result<any Sendable, any Error>)]>([])

        func post(_ id: Int, _ result: Result<any Sendable, any Error>) { results.withLock { $0.append((id, result)) } }
        func drain() -> [(Int, Result<any Sendable, any Error>)] { results.withLock { list in defer { list = [] }; return list } }
    }

    private let notifier: Notifier
    private let finished = Finished()
    private var waiting: [Int: (Result<any Sendable, any Error>) -> Void] = [:]
    private var nextID = 0

    package init(notifier: Notifier) {
        self.notifier = notifier
    }

    /// Runs `work` on a worker thread; `done` gets its outcome on the loop.
    package func perform<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value, then done: @escaping (Result<Value, any Error>) -> Void) {
        let id = nextID
        nextID += 1
        waiting[id] = { outcome in
            // Only a `Value` is ever posted under this id.
            done(outcome.map { $0 as! Value })
        }
        let finished = finished
        let notifier = notifier
        BackgroundThread.start {
            finished.post(id, Result<any Sendable, any Error> { try work() })
            notifier.signal()
        }
    }

    /// On the loop, once the notifier woke it: hands each finished job its outcome.
    package func deliver() {
        for (id, outcome) in finished.drain() { waiting.removeValue(forKey: id)?(outcome) }
    }
}

extension OffLoopWorker {
    /// What an edit wrote, and the value its change handed back.
    package struct Written<Value: Sendable>: Sendable {
        package var file: AlarmFile
        package var value: Value
    }

    /// Runs `change` in the one locked, atomic writer of the alarms file (`AlarmFileUpdate`).
    package func edit<Value: Sendable>(
        path: String, sounds: SoundRegistry, whenMissing: JSONValue?,
        _ change: @escaping @Sendable (AlarmFile) throws -> (edit: AlarmEdit?, result: Value),
        then done: @escaping (Result<Written<Value>, any Error>) -> Void
    ) {
        perform({
            let (file, value) = try AlarmFileUpdate.perform(path: path, sounds: sounds, whenMissing: whenMissing, change)
            return Written(file: file, value: value)
        }, then: done)
    }
}
