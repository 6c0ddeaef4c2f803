import Foundation

/// A program started with posix_spawn and waited for with waitpid (Foundation's `Process`
/// can hang waiting for children this short-lived). Output goes to files, or is discarded.
struct ChildProcess {
    let pid: pid_t

    /// `stdin` is a descriptor to read from (a pipe's read end), else /dev/null; `closeInChild`
    /// lists descriptors the child must not inherit (the pipe's write end).
    init(
        _ arguments: [String], environment: [String: String], executable: String = AlarmPlayBinary.path,
        stdin: Int32? = nil, closeInChild: [Int32] = [], stdout: String = "/dev/null", stderr: String = "/dev/null"
    ) throws {
        var pid = pid_t()
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for descriptor in closeInChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else { throw NSError(domain: "posix_spawn \(executable)", code: Int(status)) }
        self.pid = pid
    }

    /// Runs `alarmplay` (or `executable`) to completion, its output collected through files.
    static func run(
        _ arguments: [String], environment: [String: String], executable: String = AlarmPlayBinary.path
    ) throws -> CommandResult {
        var template = Array("/tmp/alarmplay-output-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw NSError(domain: "mkdtemp", code: Int(errno)) }
        let directory = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let child = try ChildProcess(
            arguments, environment: environment, executable: executable,
            stdout: directory + "/out", stderr: directory + "/err")
        let status = child.wait()
        return CommandResult(
            status: status, stdout: try String(contentsOfFile: directory + "/out", encoding: .utf8),
            stderr: try String(contentsOfFile: directory + "/err", encoding: .utf8))
    }

    /// Ended but not yet waited for (a zombie: state `Z` in /proc/PID/stat).
    var hasExited: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(end, offsetBy: 2)] == "Z"
    }

    func kill() {
        Glibc.kill(pid, SIGKILL)
    }

    /// The exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return Self.exitStatus(status)
    }

    /// The exit status if it has ended, without blocking; reaps it.
    func poll() -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? Self.exitStatus(status) : nil
    }

    static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
