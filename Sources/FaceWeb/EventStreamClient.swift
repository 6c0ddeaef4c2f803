/// One open Server-Sent Events response (`GET /api/events`). Messages wait in its own bounded
/// queue until the connection can take them, so a phone on a bad network costs only itself: when
/// the queue overflows it is dropped and replaced by one snapshot of the current state, which is
/// all a page needs to catch up.
public final class EventStreamClient {
    package static let queueLimit = 64 * 1024

    private var queue: [UInt8]
    private let snapshot: () -> String
    /// The libmicrohttpd connection while it is suspended for want of data.
    package var suspendedConnection: OpaquePointer?
    /// Its socket, watched for the peer's close while it is suspended; -1 when not watched.
    package var watchedSocket: Int32 = -1
    package var isClosed = false

    /// `greeting` is sent first (the reconnect delay and a first snapshot).
    package init(greeting: String, snapshot: @escaping () -> String) {
        queue = Array(greeting.utf8)
        self.snapshot = snapshot
    }

    package var hasPending: Bool { !queue.isEmpty }

    /// `data: LINE` framed as one SSE message.
    package static func message(_ data: String, event: String? = nil) -> String {
        (event.map { "event: \($0)\n" } ?? "") + "data: \(data)\n\n"
    }

    package func enqueue(_ text: String) {
        let bytes = Array(text.utf8)
        if queue.count + bytes.count > Self.queueLimit {
            queue = Array(snapshot().utf8)
        } else {
            queue += bytes
        }
    }

    /// Up to `max` bytes from the front of the queue.
    package func take(max: Int) -> ArraySlice<UInt8> {
        let count = min(max, queue.count)
        defer { queue.removeFirst(count) }
        return queue[0..<count]
    }
}
