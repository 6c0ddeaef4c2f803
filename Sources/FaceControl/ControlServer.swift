import AlarmCore
import AlarmRuntime
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// The listening end of the control socket. One request line per connection
/// (`snooze [ID]`, `stop [ID]`, `status`), one reply, then close: simple enough for a button
/// script with `socat`. Served from the event loop by a `LineServer`, so a silent or slow client
/// never holds up a ring.
public final class ControlServer {
    public let descriptor: Int32
    public let path: String
    private var server: LineServer?

    public init(path: String) throws(SystemError) {
        self.path = path
        let directory = FileSystem.parent(of: path)
        try FileSystem.makeDirectories(directory, mode: 0o700)
        chmod(directory, 0o700)
        // A socket file left by a crashed run is stale if nobody answers on it. Checked before
        // this object is complete, so a refusal never runs `deinit` (which unlinks the path).
        if FileSystem.exists(path), ControlClient.isListening(path: path) {
            throw SystemError("another 'alarmplay run' is already listening on \(path)", code: EADDRINUSE)
        }
        let address = try UnixSocketAddress(path: path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw SystemError("socket") }
        self.descriptor = descriptor
        unlink(path)
        // umask makes the socket 0600 from its creation: no window in which others could connect.
        let previous = umask(0o177)
        let bound = address.withPointer { bind(descriptor, $0, $1) }
        umask(previous)
        // A deep backlog: a burst of clients waits in the kernel, not in connect(), until accepted.
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else { throw SystemError("bind \(path)") }
    }

    deinit {
        server = nil
        close(descriptor)
        unlink(path)
    }

    /// Serves requests from `loop`, answering each line with `handler(line)`; `report` hears about
    /// refused and dropped connections.
    public func serve(on loop: EventLoop, report: @escaping FaceReport.Sink, _ handler: @escaping (String) -> String) {
        server = LineServer(listener: descriptor, loop: loop, admit: Self.refusal, handle: handler) { report(.connection($0)) }
    }

    /// Connections from another user are refused even if the file mode were loosened.
    private static func refusal(_ connection: Int32) -> String? {
        var credentials = alarmplay_peer_credentials()
        var length = socklen_t(MemoryLayout<alarmplay_peer_credentials>.size)
        guard getsockopt(connection, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              credentials.uid == getuid()
        else { return "permission denied" }
        return nil
    }
}
