import Synchronization

/// The one locked, atomic writer of the alarms file (`AlarmFileUpdate`), off the loop thread:
/// an edit from a face waits for the lock (another `alarmplay add`, a script holding it) and
/// fsyncs on a thread of its own, and its result comes back to the loop through the notifier.
/// So a held lock delays only that edit, never a ring or another request.
final class EditWorker {
    /// What an edit wrote, and the value its change handed back.
    struct Written<Value: Sendable>: Sendable {
        var file: AlarmFile
        var value: Value
    }

    private final class Finished: Sendable {
        private let results = Mutex<[(Int, Result<any Sendable, any Error>)]>([])

        func post(_ id: Int, _ result: Result<any Sendable, any Error>) { results.withLock { $0.append((id, result)) } }
        func drain() -> [(Int, Result<any Sendable, any Error>)] { results.withLock { list in defer { list = [] }; return list } }
    }

    private let notifier: Notifier
    private let finished = Finished()
    private var waiting: [Int: (Result<any Sendable, any Error>) -> Void] = [:]
    private var nextID = 0

    init(notifier: Notifier) {
        self.notifier = notifier
    }

    /// Runs `change` in the locked writer on a worker thread; `done` gets the outcome on the loop.
    func perform<Value: Sendable>(
        path: String, sounds: SoundRegistry, createIfMissing: Bool,
        _ change: @escaping @Sendable (AlarmFile) throws -> (edit: AlarmEdit?, result: Value),
        then done: @escaping (Result<Written<Value>, any Error>) -> Void
    ) {
        let id = nextID
        nextID += 1
        waiting[id] = { outcome in
            // Only `Written<Value>` is ever posted under this id.
            done(outcome.map { $0 as! Written<Value> })
        }
        let finished = finished
        let notifier = notifier
        BackgroundThread.start {
            let outcome = Result<any Sendable, any Error> {
                let (file, value) = try AlarmFileUpdate.perform(path: path, sounds: sounds, createIfMissing: createIfMissing, change)
                return Written(file: file, value: value)
            }
            finished.post(id, outcome)
            notifier.signal()
        }
    }

    /// On the loop, once the notifier woke it: hands each finished edit its outcome.
    func deliver() {
        for (id, outcome) in finished.drain() { waiting.removeValue(forKey: id)?(outcome) }
    }
}
