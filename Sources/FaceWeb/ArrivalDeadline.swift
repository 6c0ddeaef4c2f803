import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The HTTP server's rule that a request must arrive whole within `seconds` of its connection
/// (or of its previous reply) however its bytes trickle in: libmicrohttpd's idle time-out
/// restarts on every byte, so a client sending one a second would keep its slot for ever. It
/// has no call to drop a connection from outside its callbacks either: a late one's socket is
/// shut down, which makes its next read fail, and it closes the connection itself.
final package class ArrivalDeadline {
    private let loop: EventLoop
    private let seconds: Int64
    /// After a drop: the server runs, so libmicrohttpd sees it.
    private let dropped: () -> Void
    /// Connections whose request has not all arrived: their socket and since when they wait.
    private var waiting: [OpaquePointer: (socket: Int32, since: Int64)] = [:]
    private var sweep: EventLoop.Deadline?
    private var stopped = false
    private let clock = SystemMonotonicTime()

    package init(loop: EventLoop, seconds: Int64, dropped: @escaping () -> Void) {
        self.loop = loop
        self.seconds = seconds
        self.dropped = dropped
    }

    deinit {
        loop.cancel(sweep)
    }

    /// From now `connection` (on `socket`) waits for a request.
    package func waits(_ connection: OpaquePointer, socket: Int32) {
        guard !stopped, socket >= 0 else { return }
        waiting[connection] = (socket, clock.now())
        arm()
    }

    /// Its request has all arrived, or it is closed.
    package func ends(_ connection: OpaquePointer) {
        waiting[connection] = nil
    }

    /// The server is stopping: closing its connections calls back into `waits`, and nothing may
    /// be left armed for a server about to go.
    package func stop() {
        stopped = true
        waiting = [:]
        loop.cancel(sweep)
        sweep = nil
    }

    private func arm() {
        guard sweep == nil, !waiting.isEmpty, !stopped else { return }
        sweep = loop.schedule(afterMilliseconds: 1000) { [unowned self] in
            sweep = nil
            let limit = clock.now() - seconds * 1_000_000_000
            let late = waiting.filter { $0.value.since < limit }
            for (connection, entry) in late {
                waiting[connection] = nil
                shutdown(entry.socket, Int32(SHUT_RDWR))
            }
            if !late.isEmpty { dropped() }
            arm()
        }
    }
}
