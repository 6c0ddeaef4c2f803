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

/// A started `alarmplay` (or any program) whose output is collected while it runs.
final class RunningProcess: @unchecked Sendable {
    // @unchecked: the output buffers are only touched under `lock`; Process is used from the test thread.
    let process = Process()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    private let input = Pipe()
    private let stdinText: String?
    private let interactive: Bool

    /// `interactive` keeps stdin open as a pipe for `send` and `closeStdin`; otherwise stdin is
    /// `stdin` then end of input, or /dev/null.
    init(
        _ arguments: [String], environment: [String: String], stdin: String? = nil, interactive: Bool = false,
        executable: String = AlarmPlayBinary.path
    ) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        stdinText = stdin
        self.interactive = interactive
    }

    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    func closeStdin() {
        try? input.fileHandleForWriting.close()
    }

    func start() throws {
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = stdinText == nil && !interactive ? FileHandle(forReadingAtPath: "/dev/null") : input
        outPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.out.append(data) }
        }
        errPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.lock.withLock { self?.err.append(data) }
        }
        try process.run()
        if let stdinText {
            input.fileHandleForWriting.write(stdinText.data(using: .utf8)!)
            try? input.fileHandleForWriting.close()
        }
    }

    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

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
        kill(process.processIdentifier, number)
    }

    func wait(timeout: TimeInterval) -> CommandResult {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning {
            process.terminate()
            Thread.sleep(forTimeInterval: 0.2)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitWithoutRunLoop()
        // Let the readability handlers collect the last bytes.
        Thread.sleep(forTimeInterval: 0.05)
        return CommandResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
}

extension Process {
    /// Polls instead of `waitUntilExit`, which can hang on Linux once the child is already gone.
    func waitWithoutRunLoop() {
        while isRunning {
            Thread.sleep(forTimeInterval: 0.005)
        }
    }
}
