import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Serves a one-line-request, one-line-reply protocol on a listening socket from the event loop,
/// without ever blocking it: each connection is read when poll says so, answered once its line is
/// complete, and written as fast as the peer reads. Limits bound what any peer can cost: a number
/// of connections (more are refused at once), a line length, and a time-out from the loop's own
/// deadlines for a request that does not come or a reply that is not read.
final package class LineServer {
    package struct Limits: Sendable {
        package var connections = 32
        package var lineBytes = 1024
        package var timeoutMilliseconds: Int64 = 2000
    }

    private struct Client {
        let connection: Connection
        var deadline: EventLoop.Deadline?
        var replied = false
    }

    private let listener: Int32
    private let loop: EventLoop
    private let limits: Limits
    /// Nil to serve the peer, else why it is refused.
    private let admit: (Int32) -> String?
    private let handle: (String) -> String
    private let note: (ConnectionReport) -> Void
    private var clients: [Int32: Client] = [:]
    /// While out of descriptors: when the listener is watched again.
    private var acceptAgain: EventLoop.Deadline?

    package init(
        listener: Int32, loop: EventLoop, limits: Limits = Limits(),
        admit: @escaping (Int32) -> String? = { _ in nil },
        handle: @escaping (String) -> String,
        note: @escaping (ConnectionReport) -> Void
    ) {
        self.listener = listener
        self.loop = loop
        self.limits = limits
        self.admit = admit
        self.handle = handle
        self.note = note
        loop.watch(listener) { [unowned self] in acceptPending() }
    }

    deinit {
        loop.unwatch(listener)
        loop.cancel(acceptAgain)
        for (descriptor, client) in clients {
            loop.unwatch(descriptor)
            loop.cancel(client.deadline)
        }
    }

    private func acceptPending() {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE { pauseAccepting() }
                return
            }
            let connection = Connection(descriptor: descriptor)
            if clients.count >= limits.connections {
                _ = connection.send("error unavailable: too many connections (at most \(limits.connections)); try again\n")
                note(.refused(reason: "too many connections"))
                continue
            }
            if let refusal = admit(descriptor) {
                _ = connection.send("error unavailable: \(refusal)\n")
                note(.refused(reason: refusal))
                continue
            }
            clients[descriptor] = Client(connection: connection, deadline: timeout(for: descriptor, reason: "no complete request line"))
            loop.watch(descriptor, for: .readable) { [unowned self] _ in service(descriptor) }
        }
    }

    /// Out of descriptors: a listener that stays readable would spin the loop; look again shortly.
    private func pauseAccepting() {
        note(.acceptPaused(problem: FileSystem.lastErrorDescription()))
        loop.unwatch(listener)
        loop.cancel(acceptAgain)
        acceptAgain = loop.schedule(afterMilliseconds: 250) { [unowned self] in
            acceptAgain = nil
            loop.watch(listener) { [unowned self] in acceptPending() }
        }
    }

    private func timeout(for descriptor: Int32, reason: String) -> EventLoop.Deadline {
        loop.schedule(afterMilliseconds: limits.timeoutMilliseconds) { [unowned self] in
            clients[descriptor]?.deadline = nil
            drop(descriptor, reason: reason)
        }
    }

    private func service(_ descriptor: Int32) {
        guard let client = clients[descriptor] else { return }
        if client.replied {
            finish(descriptor, after: client.connection.flush())
            return
        }
        switch client.connection.readLine(limit: limits.lineBytes) {
        case let .line(line):
            clients[descriptor]?.replied = true
            let reply = handle(line)
            guard let client = clients[descriptor] else { return }
            loop.cancel(client.deadline)
            clients[descriptor]?.deadline = timeout(for: descriptor, reason: "reply not read")
            finish(descriptor, after: client.connection.send(reply + "\n"))
        case .incomplete:
            return
        case .tooLong:
            _ = client.connection.send("error invalid: request line longer than \(limits.lineBytes) bytes\n")
            drop(descriptor, reason: "request line longer than \(limits.lineBytes) bytes")
        case .ended:
            close(descriptor)
        }
    }

    private func finish(_ descriptor: Int32, after output: Connection.Output) {
        switch output {
        case .flushed: close(descriptor)
        case .pending: loop.setInterest(.writable, for: descriptor)
        case .failed: drop(descriptor, reason: "peer gone before its reply")
        }
    }

    private func drop(_ descriptor: Int32, reason: String) {
        note(.dropped(reason: reason))
        close(descriptor)
    }

    private func close(_ descriptor: Int32) {
        guard let client = clients.removeValue(forKey: descriptor) else { return }
        loop.unwatch(descriptor)
        loop.cancel(client.deadline)
    }
}
