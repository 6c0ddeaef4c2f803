import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// A desktop clipboard program fed on its standard input (`wl-copy`, `xclip`).
package struct ClipboardHelper: Sendable {
    package var name: String
    package var arguments: [String]

    /// Runs the helper with `text` on its standard input; true when it exits with status 0 within
    /// `timeout` nanoseconds. Both helpers fork a background process that keeps serving the selection;
    /// its output goes to `/dev/null` so it never holds a caller's pipe open.
    package func copy(_ text: String, executable: String, environment: Environment, timeout: Int64 = 2_000_000_000) -> Bool {
        // A socket pair rather than a pipe: `send` with MSG_NOSIGNAL cannot raise SIGPIPE if the
        // helper exits before reading.
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else { return false }
        defer { close(sockets[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sockets[1], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.variables.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], envp + [nil])
        close(sockets[1])
        guard spawned == 0 else { return false }
        Array(text.utf8).withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = send(sockets[0], bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 { break }
                offset += sent
            }
        }
        shutdown(sockets[0], Int32(SHUT_WR))
        return Self.waitForExit(pid, timeout: timeout) == 0
    }

    /// The exit status, or nil when the process did not end in time (it is then killed and reaped).
    private static func waitForExit(_ pid: pid_t, timeout: Int64) -> Int32? {
        let clock = SystemMonotonicTime()
        let giveUp = clock.now() + timeout
        var status: Int32 = 0
        while clock.now() < giveUp {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1 }
            if result < 0 && errno != EINTR { return nil }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }
}
