import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// The listening end of the control socket. One request line per connection
/// (`snooze [ID]`, `stop [ID]`, `status`), one reply, then close: simple enough for a button
/// script with `socat`, and served inside the event loop without threads.
public final class ControlServer {
    public let descriptor: Int32
    public let path: String

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
        guard bound == 0, listen(descriptor, 16) == 0 else { throw SystemError("bind \(path)") }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Accepts every pending connection and answers each with `handler(requestLine)`.
    /// Connections from another user are refused even if the file mode were loosened.
    public func serve(_ handler: (String) -> String) {
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            // Accepted sockets do not inherit O_NONBLOCK; the timeout below bounds a silent client.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            var credentials = alarmplay_peer_credentials()
            var length = socklen_t(MemoryLayout<alarmplay_peer_credentials>.size)
            guard getsockopt(connection, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
                  credentials.uid == getuid()
            else {
                Console.write("error: permission denied\n", to: connection)
                continue
            }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard let request = ControlClient.readLine(from: connection) else { continue }
            Console.write(handler(request) + "\n", to: connection)
        }
    }
}
