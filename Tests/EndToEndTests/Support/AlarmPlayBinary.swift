import Foundation

/// What a finished run of the binary printed and returned.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real `alarmplay` executable built by `swift build`, with an isolated environment.
enum AlarmPlayBinary {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var path: String {
        ProcessInfo.processInfo.environment["ALARMPLAY_BIN"] ?? repositoryRoot + "/.build/debug/alarmplay"
    }

    static var fixtures: String { repositoryRoot + "/Tests/Fixtures" }

    /// PATH and locale from the test runner, everything user-specific pointed into `home`.
    static func environment(home: TemporaryDirectory, _ extra: [String: String] = [:]) -> [String: String] {
        let parent = ProcessInfo.processInfo.environment
        var environment = [
            "PATH": parent["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.file("config"),
            "XDG_DATA_HOME": home.file("data"),
            "XDG_STATE_HOME": home.file("state"),
            "XDG_RUNTIME_DIR": home.file("runtime"),
            "TZ": parent["TZ"] ?? "UTC",
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    static func run(
        _ arguments: [String], environment: [String: String], stdin: String? = nil, timeout: TimeInterval = 60
    ) throws -> CommandResult {
        let process = RunningProcess(arguments, environment: environment, stdin: stdin)
        try process.start()
        return process.wait(timeout: timeout)
    }
}

/// A started `alarmplay` (or any program) whose output is collected in files while it runs.
/// Built on posix_spawn and waitpid: Foundation's `Process` can miss a child's exit on Linux.
final class RunningProcess {
    private let arguments: [String]
    private let environment: [String: String]
    private let executable: String
    private let stdinText: String?
    private let interactive: Bool
    private let directory: TemporaryDirectory
    private var child: ChildProcess?
    private var stdinWriter: Int32 = -1
    private var exitStatus: Int32?

    /// `interactive` keeps stdin open as a pipe for `send` and `closeStdin`; otherwise stdin is
    /// `stdin` then end of input, or /dev/null.
    init(
        _ arguments: [String], environment: [String: String], stdin: String? = nil, interactive: Bool = false,
        executable: String = AlarmPlayBinary.path
    ) {
        self.arguments = arguments
        self.environment = environment
        self.executable = executable
        stdinText = stdin
        self.interactive = interactive
        directory = try! TemporaryDirectory("alarmplay-process")
    }

    deinit {
        if isRunning, let child { kill(child.pid, SIGKILL) }
        _ = child?.poll()
        if stdinWriter >= 0 { close(stdinWriter) }
        directory.remove()
    }

    func start() throws {
        var reader: Int32?
        if stdinText != nil || interactive {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw NSError(domain: "pipe", code: Int(errno)) }
            reader = ends[0]
            stdinWriter = ends[1]
        }
        child = try ChildProcess(
            arguments, environment: environment, executable: executable, stdin: reader,
            closeInChild: stdinWriter >= 0 ? [stdinWriter] : [],
            stdout: directory.file("out"), stderr: directory.file("err"))
        if let reader { close(reader) }
        if let stdinText {
            send(stdinText)
            if !interactive { closeStdin() }
        }
    }

    var processIdentifier: pid_t { child?.pid ?? 0 }

    var isRunning: Bool {
        guard let child, exitStatus == nil else { return false }
        exitStatus = child.poll()
        return exitStatus == nil
    }

    func send(_ text: String) {
        guard stdinWriter >= 0 else { return }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(stdinWriter, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }

    func closeStdin() {
        if stdinWriter >= 0 { close(stdinWriter) }
        stdinWriter = -1
    }

    var stdout: String { (try? String(contentsOfFile: directory.file("out"), encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: directory.file("err"), encoding: .utf8)) ?? "" }

    /// Polls `condition` on the collected stderr until it holds or `timeout` passes.
    @discardableResult
    func waitForStderr(timeout: TimeInterval = 20, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(stderr) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition(stderr)
    }

    /// Waits until stderr holds `count` lines containing `text`; returns when it happened.
    @discardableResult
    func waitForLog(_ text: String, count: Int = 1, timeout: TimeInterval = 20) -> Date? {
        waitForStderr(timeout: timeout) { $0.components(separatedBy: "\n").filter { $0.contains(text) }.count >= count }
            ? Date() : nil
    }

    /// Log lines (logfmt) containing `text`.
    func logLines(_ text: String) -> [String] {
        stderr.components(separatedBy: "\n").filter { $0.contains(text) }
    }

    func signal(_ number: Int32) {
        if isRunning { kill(processIdentifier, number) }
    }

    /// Waits for the end (SIGTERM, then SIGKILL, after `timeout`) and returns what it printed.
    func wait(timeout: TimeInterval) -> CommandResult {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
        }
        if isRunning {
            kill(processIdentifier, SIGTERM)
            Thread.sleep(forTimeInterval: 0.3)
            if isRunning { kill(processIdentifier, SIGKILL) }
            while isRunning { Thread.sleep(forTimeInterval: 0.005) }
        }
        closeStdin()
        let result = CommandResult(status: exitStatus ?? -1, stdout: stdout, stderr: stderr)
        // A crash shows in CI only as its status: its own words are the end of stderr.
        if [SIGABRT, SIGSEGV, SIGILL, SIGTRAP, SIGBUS].map({ 128 + $0 }).contains(result.status) {
            print("alarmplay ended by signal \(result.status - 128); its stderr ends:\n"
                + result.stderr.split(separator: "\n").suffix(30).joined(separator: "\n"))
        }
        return result
    }
}
