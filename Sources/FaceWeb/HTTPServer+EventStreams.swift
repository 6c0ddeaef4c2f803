import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// The server's event streams (`GET /api/events`): each a response read from its own queue,
/// suspended while it has nothing to send, resumed by `broadcast`, its socket watched for the
/// peer's close meanwhile, and a comment line now and then to notice phones that went away.
extension HTTPServer {
    /// Sends `text` (one or more SSE messages) to every open event stream.
    public func broadcast(_ text: String) {
        guard !streams.isEmpty else { return }
        for stream in streams.values {
            stream.enqueue(text)
            resume(stream)
        }
        scheduleRun()
    }

    package func resume(_ stream: EventStreamClient) {
        guard let connection = stream.suspendedConnection else { return }
        stream.suspendedConnection = nil
        if stream.watchedSocket >= 0 {
            loop.unwatch(stream.watchedSocket)
            stream.watchedSocket = -1
        }
        mhd.MHD_resume_connection(connection)
    }

    /// A suspended stream is out of libmicrohttpd's poll set, so a phone that closed it would
    /// hold its slot until the next keep-alive: its socket is watched here meanwhile. A browser
    /// sends nothing on an event stream, so the socket turns readable when the peer closes it.
    package func watchForHangUp(_ stream: EventStreamClient, _ connection: OpaquePointer) {
        let socket = alarmplay_mhd_connection_fd(&mhd, connection)
        guard socket >= 0 else { return }
        stream.watchedSocket = socket
        loop.watch(socket) { [unowned self] in
            var byte: UInt8 = 0
            let peeked = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if peeked < 0, errno == EAGAIN || errno == EINTR { return }
            // Closed (0), reset (-1), or bytes the stream does not read: libmicrohttpd takes over.
            if peeked <= 0 { stream.isClosed = true }
            resume(stream)
            scheduleRun()
        }
    }

    package func armKeepalive() {
        guard keepalive == nil, !streams.isEmpty else { return }
        keepalive = loop.schedule(afterMilliseconds: limits.keepaliveMilliseconds) { [unowned self] in
            keepalive = nil
            broadcast(": keepalive\n\n")
            armKeepalive()
        }
    }

    package func open(_ stream: EventStreamClient, on connection: OpaquePointer) -> MHD_Result {
        let context = Unmanaged.passRetained(StreamContext(server: self, stream: stream, connection: connection)).toOpaque()
        guard let response = mhd.MHD_create_response_from_callback(UInt64.max, 4096, Self.readerCallback, context, Self.freeCallback)
        else {
            Unmanaged<StreamContext>.fromOpaque(context).release()
            return .NO
        }
        defer { mhd.MHD_destroy_response(response) }
        _ = mhd.MHD_add_response_header(response, "Content-Type", "text/event-stream")
        _ = mhd.MHD_add_response_header(response, "Cache-Control", "no-store")
        streams[ObjectIdentifier(stream)] = stream
        armKeepalive()
        return mhd.MHD_queue_response(connection, 200, response)
    }

    /// What libmicrohttpd hands back to the stream's content reader.
    final package class StreamContext {
        // Unchecked: libmicrohttpd frees streams inside `MHD_stop_daemon`, which runs from the
        // server's `deinit`, when a checked unowned reference would trap; the server outlives them.
        unowned(unsafe) package let server: HTTPServer
        package let stream: EventStreamClient
        package let connection: OpaquePointer

        package init(server: HTTPServer, stream: EventStreamClient, connection: OpaquePointer) {
            self.server = server
            self.stream = stream
            self.connection = connection
        }
    }

    package func read(_ context: StreamContext, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        let stream = context.stream
        if stream.hasPending {
            let bytes = stream.take(max: max)
            bytes.withUnsafeBytes { buffer.update(from: $0.bindMemory(to: CChar.self).baseAddress!, count: bytes.count) }
            return bytes.count
        }
        if stream.isClosed { return -1 }
        // Nothing to send: leave the poll set until `broadcast` has something (no busy loop).
        stream.suspendedConnection = context.connection
        mhd.MHD_suspend_connection(context.connection)
        watchForHangUp(stream, context.connection)
        return 0
    }

    package func streamEnded(_ context: StreamContext) {
        context.stream.isClosed = true
        if context.stream.watchedSocket >= 0 {
            loop.unwatch(context.stream.watchedSocket)
            context.stream.watchedSocket = -1
        }
        streams[ObjectIdentifier(context.stream)] = nil
    }

    package static let readerCallback: MHD_ContentReaderCallback = { context, _, buffer, max in
        guard let context, let buffer else { return -1 }
        let stream = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue()
        return stream.server.read(stream, into: buffer, max: max)
    }

    package static let freeCallback: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let stream = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
        stream.server.streamEnded(stream)
    }
}
