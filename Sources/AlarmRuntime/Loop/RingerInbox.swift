import Synchronization

/// What ringer threads report (a fallback, the bell), held until the loop thread takes it, so
/// every event is published once and from one thread: the log, the page and the status line
/// see it alike.
final package class RingerInbox: Sendable {
    private let pending = Mutex<[(id: String, event: RingEvent)]>([])

    package func post(_ event: RingEvent, id: String) {
        pending.withLock { $0.append((id, event)) }
    }

    package func drain() -> [(id: String, event: RingEvent)] {
        pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }
}
