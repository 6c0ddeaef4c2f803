import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP(S) GET through `curl` with the same bounds whatever the server says: the size counted
/// here as the bytes arrive (curl's `--max-filesize` trusts a Content-Length a server need not
/// send: 130 MB came without one), the whole time, a few redirects, HTTP(S) only, redirects too.
/// Blocking: for a command or a worker thread. Its failures are its own words and never quote
/// what the server sent (they reach the page and MQTT).
package struct BoundedDownload {
    package var sizeLimit = FileRead.defaultLimit
    package var seconds = 30
    package static let redirects = 5

    package init() {}

    package enum Failure: Error, Equatable, CustomStringConvertible {
        case tooLarge(limit: Int)
        case timedOut(seconds: Int)
        case curlMissing
        case cannotStart(reason: String)
        case killed(signal: Int32)
        /// curl's exit status, and the HTTP status it saw (nil: none).
        case curl(exit: Int32, http: Int?)

        package var description: String {
            switch self {
            case let .tooLarge(limit): return "the server sent more than \(limit >> 20) MiB (a calendar is far smaller); stopped there"
            case let .timedOut(seconds): return "no whole answer within \(seconds) s"
            case .curlMissing: return "fetching needs curl (the package curl), which is missing"
            case let .cannotStart(reason): return "cannot start curl: \(reason)"
            case let .killed(signal): return "curl was killed (signal \(signal))"
            case let .curl(exit, http): return Self.words(exit: exit, http: http)
            }
        }

        private static func words(exit: Int32, http: Int?) -> String {
            switch exit {
            case 1: return "redirected to an address that is not http:// or https://"
            case 3: return "the address is malformed"
            case 5, 6: return "cannot resolve the server's name"
            case 7: return "cannot connect to the server"
            case 22: return http.map { "the server answered HTTP \($0)" } ?? "the server answered with an HTTP error"
            case 28: return "the server took too long"
            case 35, 53, 54, 58, 59, 60, 66, 77, 80, 82, 83, 90, 91: return "the secure connection failed (its handshake or certificate)"
            case 47: return "more than \(BoundedDownload.redirects) redirects"
            case 52: return "the server answered nothing"
            case 18, 56, 92: return "the connection broke while receiving"
            default: return "curl failed (exit \(exit))"
            }
        }
    }

    package func fetch(_ url: String) -> Result<[UInt8], Failure> {
        var body: [Int32] = [-1, -1]
        var said: [Int32] = [-1, -1]
        guard pipe(&body) == 0 else { return .failure(.cannotStart(reason: FileSystem.lastErrorDescription())) }
        guard pipe(&said) == 0 else {
            body.forEach { close($0) }
            return .failure(.cannotStart(reason: FileSystem.lastErrorDescription()))
        }
        for end in body + said { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // `-q`: no ~/.curlrc; the body to the pipe, and on stderr nothing but the HTTP status.
        let arguments = ["curl", "-q", "--fail", "--silent", "--location", "--max-redirs", String(Self.redirects), "--proto", "=http,https",
                         "--proto-redir", "=http,https", "--max-filesize", String(sizeLimit), "--connect-timeout", String(min(10, seconds)),
                         "--max-time", String(seconds), "--write-out", "%{stderr}%{http_code}", "--output", "-", "--", url]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let pid = alarmplay_spawn_child(argv, body[1], said[1])
        close(body[1])
        close(said[1])
        defer { close(said[0]) }
        guard pid > 0 else {
            close(body[0])
            return .failure(.cannotStart(reason: FileSystem.lastErrorDescription()))
        }
        let read = receive(from: body[0])
        close(body[0])
        if case .failure = read {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if case .failure = read { return read }
        guard status & 0x7f == 0 else { return .failure(.killed(signal: status & 0x7f)) }
        let exit = (status >> 8) & 0xff
        if exit == 127 { return .failure(.curlMissing) }
        if exit == 63 { return .failure(.tooLarge(limit: sizeLimit)) }
        guard exit == 0 else { return .failure(.curl(exit: exit, http: httpStatus(said[0]))) }
        return read
    }

    /// What arrives on `descriptor` until its end, or the failure that stopped it: more than
    /// `sizeLimit` bytes, or no end within `seconds`.
    private func receive(from descriptor: Int32) -> Result<[UInt8], Failure> {
        let deadline = SystemMonotonicTime.seconds + Double(seconds)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline - SystemMonotonicTime.seconds
            guard left > 0 else { return .failure(.timedOut(seconds: seconds)) }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno != EINTR { return .failure(.cannotStart(reason: FileSystem.lastErrorDescription())) }
            guard ready > 0 else { continue }
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return .success(bytes) }
            guard bytes.count + count <= sizeLimit else { return .failure(.tooLarge(limit: sizeLimit)) }
            bytes += chunk[0..<count]
        }
    }

    /// The HTTP status curl wrote on its stderr (`404`); nil for `000` (no answer) or anything else.
    private func httpStatus(_ descriptor: Int32) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count == 3, let status = Int(String(decoding: buffer[0..<3], as: UTF8.self)), (100...599).contains(status) else { return nil }
        return status
    }
}
