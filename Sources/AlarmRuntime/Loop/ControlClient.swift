import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// No `alarmplay run` is answering on the control socket.
public struct NotRunningError: UserFacingError {
    public var path: String
    public var reason: String

    public var description: String {
        tr("no 'alarmplay run' is running ({path}: {reason}); start it with 'alarmplay run' or the systemd service",
           ["path": path, "reason": reason])
    }

    public var exitCode: ExitCode { .unavailable }
}

/// The `alarmplay snooze/stop/status` side of the control socket.
public enum ControlClient {
    /// Sends one request line and returns the reply (without its final newline).
    public static func send(_ request: String, path: String) throws(NotRunningError) -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw NotRunningError(path: path, reason: FileSystem.lastErrorDescription()) }
        defer { close(descriptor) }
        guard let address = try? UnixSocketAddress(path: path) else {
            throw NotRunningError(path: path, reason: "path too long")
        }
        guard address.withPointer({ connect(descriptor, $0, $1) }) == 0 else {
            throw NotRunningError(path: path, reason: FileSystem.lastErrorDescription())
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try sendAll(request + "\n", to: descriptor, path: path)
        shutdown(descriptor, Int32(SHUT_WR))
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            reply += chunk[0..<count]
        }
        guard !reply.isEmpty else { throw NotRunningError(path: path, reason: "no reply") }
        var text = String(decoding: reply, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// MSG_NOSIGNAL: a `run` whose connection slots are full closes at once, and the client
    /// says so instead of dying of SIGPIPE with nothing printed.
    private static func sendAll(_ text: String, to descriptor: Int32, path: String) throws(NotRunningError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent >= 0 else {
                throw NotRunningError(path: path, reason: tr("run closed the connection before reading the request ({reason}); it may be busy with other clients, try again",
                                                              ["reason": FileSystem.lastErrorDescription()]))
            }
            offset += sent
        }
    }

    package static func isListening(path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, let address = try? UnixSocketAddress(path: path) else { return false }
        defer { close(descriptor) }
        return address.withPointer { connect(descriptor, $0, $1) } == 0
    }
}
