import AlarmCore
import AlarmRuntime
import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// libmicrohttpd driven from `run`'s own poll loop: no thread of its own, its epoll descriptor
/// watched like any other, its time-outs armed as the loop's deadlines (none while no client is
/// connected, so an idle `run` still sleeps). Requests are answered on the loop thread by
/// `handle`; event streams are suspended while they have nothing to send and resumed on
/// `broadcast`. Owns the daemon and stops it in `deinit`.
public final class HTTPServer {
    public struct Limits: Sendable {
        public var connections: UInt32 = 128
        /// So that a few addresses holding slow connections cannot take every slot (five would).
        public var perAddress: UInt32 = 24
        /// A connection idle this long is closed (an open event stream is not idle).
        public var idleTimeoutSeconds: UInt32 = 10
        /// A request must have arrived whole (headers and body) this long after its connection
        /// opened or its previous reply went (`ArrivalDeadline`).
        public var arrivalSeconds: Int64 = 10
        /// Between comment lines on open event streams, to notice phones that went away.
        public var keepaliveMilliseconds: Int64 = 30_000
        /// Requests allowed a body over a megabyte (uploads) at once; each is held until checked,
        /// so more wait their turn (503 with Retry-After) rather than fill a Pi's memory.
        public var largeBodies = 2

        public init() {}
    }

    public struct StartError: Error, CustomStringConvertible {
        public var address: HTTPAddress
        public var reason: String
        /// libmicrohttpd is missing: trying again will not help.
        public var missingLibrary: LibraryError?
        public var description: String { missingLibrary?.description ?? "cannot serve on \(address): \(reason)" }
    }

    /// Checks a request's headers before its body is read (the token); nil lets it through.
    public typealias Admission = (HTTPRequest) -> HTTPResponse?

    public let address: HTTPAddress
    package let loop: EventLoop
    package let limits: Limits
    private let bodyLimit: (HTTPRequest) -> Int
    /// Where a body is received into a file rather than memory, and the end of its name; nil: in memory.
    private let spoolFolder: (HTTPRequest) -> (folder: String, suffix: String)?
    private let admit: Admission
    private let handle: (HTTPRequest) -> HTTPReply
    private static let library = OptionalLibrary.microhttpd.load(alarmplay_mhd_load)
    /// libmicrohttpd's functions, set by `start` (which throws when the library is missing): every
    /// other use needs the daemon that only `start` makes.
    package var mhd: alarmplay_mhd_functions!
    /// Connections waiting for a deferred reply, suspended.
    private var parked: [ObjectIdentifier: (reply: DeferredReply, connection: OpaquePointer)] = [:]
    private var daemon: OpaquePointer?
    private var epoll: Int32 = -1
    private var timeout: EventLoop.Deadline?
    package var keepalive: EventLoop.Deadline?
    private var runScheduled = false
    package var streams: [ObjectIdentifier: EventStreamClient] = [:]
    private var largeBodiesInFlight = 0
    /// Made at the end of `init`, never lazily: `deinit` stops it, and an unowned reference to a
    /// server already going cannot be formed.
    private var arrival: ArrivalDeadline!
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 256)

    public init(
        address: HTTPAddress, loop: EventLoop, limits: Limits = Limits(), bodyLimit: @escaping (HTTPRequest) -> Int,
        spoolFolder: @escaping (HTTPRequest) -> (folder: String, suffix: String)? = { _ in nil },
        admit: @escaping Admission, handle: @escaping (HTTPRequest) -> HTTPReply
    ) {
        self.address = address
        self.loop = loop
        self.limits = limits
        self.bodyLimit = bodyLimit
        self.spoolFolder = spoolFolder
        self.admit = admit
        self.handle = handle
        errorText.initialize(to: 0)
        arrival = ArrivalDeadline(loop: loop, seconds: limits.arrivalSeconds) { [unowned self] in scheduleRun() }
    }

    deinit {
        stop()
        errorText.deallocate()
    }

    /// The port bound (the one asked for, or the kernel's choice for port 0).
    public var port: UInt16 { daemon.map { alarmplay_mhd_port(&mhd, $0) } ?? address.port }

    public var streamCount: Int { streams.count }

    public func start() throws(StartError) {
        switch Self.library {
        case let .success(table): mhd = table.functions
        case let .failure(error): throw StartError(address: address, reason: error.reason, missingLibrary: error)
        }
        errorText[0] = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = address.withSocketAddress { socketAddress in
            alarmplay_mhd_start(
                &mhd, socketAddress, Self.accessCallback, context, Self.completedCallback, context, Self.connectionCallback, context,
                limits.connections, limits.perAddress, limits.idleTimeoutSeconds, address.isIPv6 ? 1 : 0, errorText)
        }
        guard let started, let daemon = started else {
            // MHD ends its messages with a newline, which the log would show as a literal `\n`.
            let message = String(cString: errorText)
            let reason = message.isEmpty ? "libmicrohttpd could not start" : message.trimmingWhitespace()
            throw StartError(address: address, reason: reason, missingLibrary: nil)
        }
        self.daemon = daemon
        epoll = alarmplay_mhd_epoll_fd(&mhd, daemon)
        loop.watch(epoll) { [unowned self] in run() }
        rearmTimeout()
    }

    private func stop() {
        guard let daemon else { return }
        loop.unwatch(epoll)
        loop.cancel(timeout)
        loop.cancel(keepalive)
        // Stopping with suspended connections is undefined in libmicrohttpd: end them first.
        // Resumed here, not through `whenAnswered`: its unowned reference to a server in `deinit`
        // traps, and an answer the loop brings after the server is gone must find nothing to call.
        // One answered already is resumed, its reply not yet queued.
        for (deferred, connection) in parked.values where deferred.response == nil {
            deferred.whenAnswered = nil
            deferred.answer(.error(503, "run is stopping"))
            mhd.MHD_resume_connection(connection)
        }
        parked = [:]
        for stream in streams.values {
            stream.isClosed = true
            resume(stream)
        }
        arrival.stop()
        mhd.MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    private func run() {
        guard let daemon else { return }
        _ = mhd.MHD_run(daemon)
        rearmTimeout()
    }

    /// Resumed connections and queued replies need an `MHD_run`; never call it from inside one.
    package func scheduleRun() {
        guard !runScheduled else { return }
        runScheduled = true
        loop.schedule(afterMilliseconds: 0) { [weak self] in
            self?.runScheduled = false
            self?.run()
        }
    }

    private func rearmTimeout() {
        loop.cancel(timeout)
        timeout = nil
        guard let daemon else { return }
        var milliseconds: UInt64 = 0
        guard mhd.MHD_get_timeout(daemon, &milliseconds) == .YES else { return }
        timeout = loop.schedule(afterMilliseconds: Int64(min(milliseconds, 3_600_000))) { [unowned self] in
            timeout = nil
            run()
        }
    }

    private func waitForRequest(on connection: OpaquePointer) {
        arrival.waits(connection, socket: alarmplay_mhd_connection_fd(&mhd, connection))
    }

    // MARK: - Requests

    /// One request's state across libmicrohttpd's calls: headers, then body chunks, then the end.
    private final class PendingRequest {
        var request: HTTPRequest
        let limit: Int
        var tooLarge = false
        var deferred: DeferredReply?
        /// The body's file while it arrives and until the request is over.
        var spooled: SpooledBody?
        /// Its file could not take it (a full disk): the rest is read and dropped.
        var spoolFailed = false
        /// Counted in `largeBodiesInFlight` until it completes.
        var countedAsLarge = false

        init(request: HTTPRequest, limit: Int) {
            self.request = request
            self.limit = limit
        }
    }

    private func access(
        _ connection: OpaquePointer, url: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        // Called again with no body left to come: the request has all arrived (the first call
        // has the headers only; a body's chunks follow in calls of their own).
        if context.pointee != nil, uploadSize.pointee == 0 { arrival.ends(connection) }
        guard let stored = context.pointee else {
            let request = HTTPMessageReader.request(connection, url: url, method: method, mhd: mhd)
            let pending = PendingRequest(request: request, limit: bodyLimit(request))
            context.pointee = Unmanaged.passRetained(pending).toOpaque()
            if let refusal = admit(request) { return queue(refusal, on: connection) }
            if let length = request.headers["content-length"].flatMap(Int.init), length > pending.limit {
                return queue(.error(413, "request body over the limit of \(pending.limit) bytes"), on: connection)
            }
            if pending.limit > 1 << 20 {
                guard largeBodiesInFlight < limits.largeBodies else {
                    var busy = HTTPResponse.error(503, "\(limits.largeBodies) uploads are being received; try again in a few seconds")
                    busy.headers.append(("Retry-After", String(WebError.retryAfterSeconds)))
                    return queue(busy, on: connection)
                }
                largeBodiesInFlight += 1
                pending.countedAsLarge = true
            }
            if let (folder, suffix) = spoolFolder(request) {
                do {
                    pending.spooled = try SpooledBody(in: folder, suffix: suffix)
                } catch {
                    return queue(.error(507, "cannot receive the body: \(error)"), on: connection)
                }
            }
            return .YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(stored).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            // A body without a length that grows past the limit is read and dropped, never kept.
            let received = pending.spooled?.size ?? pending.request.body.count
            if !pending.tooLarge, let upload, received + uploadSize.pointee <= pending.limit {
                let chunk = UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee)
                if let spooled = pending.spooled {
                    if !spooled.append(chunk) {
                        pending.spoolFailed = true
                        pending.spooled = nil
                    }
                } else if !pending.spoolFailed {
                    pending.request.body.append(contentsOf: chunk)
                }
            } else {
                pending.tooLarge = true
                pending.request.body = []
                pending.spooled = nil
            }
            uploadSize.pointee = 0
            return .YES
        }
        if pending.tooLarge { return queue(.error(413, "request body over the limit of \(pending.limit) bytes"), on: connection) }
        if pending.spoolFailed { return queue(.error(507, "the body could not be written to the disk (is it full?)"), on: connection) }
        if let spooled = pending.spooled, pending.request.bodyFile == nil {
            spooled.finish()
            pending.request.bodyFile = spooled.path
        }
        // Called again once a parked connection is resumed: its answer has come.
        if let deferred = pending.deferred { return park(deferred, on: connection) }
        switch handle(pending.request) {
        case let .response(response):
            return queue(response, on: connection)
        case let .stream(stream):
            return open(stream, on: connection)
        case let .later(deferred):
            pending.deferred = deferred
            return park(deferred, on: connection)
        }
    }

    /// Sends a deferred reply that has its answer; else suspends the connection until it has.
    private func park(_ deferred: DeferredReply, on connection: OpaquePointer) -> MHD_Result {
        if let response = deferred.response {
            parked[ObjectIdentifier(deferred)] = nil
            return queue(response, on: connection)
        }
        parked[ObjectIdentifier(deferred)] = (deferred, connection)
        deferred.whenAnswered = { [unowned self] in
            mhd.MHD_resume_connection(connection)
            scheduleRun()
        }
        mhd.MHD_suspend_connection(connection)
        return .YES
    }

    private func queue(_ reply: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let response = reply.body.withUnsafeBytes { alarmplay_mhd_copied_response(&mhd, $0.baseAddress, $0.count) }
        guard let response else { return .NO }
        defer { mhd.MHD_destroy_response(response) }
        _ = mhd.MHD_add_response_header(response, "Content-Type", reply.contentType)
        _ = mhd.MHD_add_response_header(response, "Cache-Control", "no-store")
        _ = mhd.MHD_add_response_header(response, "X-Content-Type-Options", "nosniff")
        for (name, value) in reply.headers { _ = mhd.MHD_add_response_header(response, name, value) }
        return mhd.MHD_queue_response(connection, UInt32(reply.status), response)
    }

    // MARK: - C callbacks (context pointers are this server, a PendingRequest or a StreamContext)

    private static let accessCallback: MHD_AccessHandlerCallback = { context, connection, url, method, _, upload, size, stored in
        guard let context, let connection, let url, let method, let size, let stored else { return .NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        return server.access(connection, url: String(cString: url), method: String(cString: method), upload: upload,
                             uploadSize: size, context: stored)
    }

    private static let completedCallback: MHD_RequestCompletedCallback = { context, connection, stored, _ in
        // A kept-alive connection waits for its next request from here.
        if let context, let connection { Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().waitForRequest(on: connection) }
        guard let stored, let pending = stored.pointee else { return }
        let request = Unmanaged<PendingRequest>.fromOpaque(pending).takeRetainedValue()
        if request.countedAsLarge, let context { Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().largeBodiesInFlight -= 1 }
        stored.pointee = nil
    }

    private static let connectionCallback: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let context, let connection else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
        // MHD_CONNECTION_NOTIFY_STARTED (0), else MHD_CONNECTION_NOTIFY_CLOSED.
        if code.rawValue == 0 {
            server.waitForRequest(on: connection)
        } else {
            server.arrival.ends(connection)
        }
    }
}
