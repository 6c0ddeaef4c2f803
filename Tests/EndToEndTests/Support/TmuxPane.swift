import Foundation
import XCTest

/// A real terminal for end-to-end tests: a detached tmux session on a private server socket, with a
/// fixed size, driven by `send-keys` and read by `capture-pane`. Waits poll the screen with a timeout
/// rather than sleeping a fixed time, so a loaded machine only makes tests slower, not flaky.
final class TmuxPane {
    let socket: String
    let directory: TemporaryDirectory

    init(columns: Int = 100, rows: Int = 30) throws {
        directory = try TemporaryDirectory("alarmplay-tmux")
        socket = directory.file("tmux.sock")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "test", "-x", "\(columns)", "-y", "\(rows)", "/bin/sh"])
        try tmux(["set-option", "-g", "set-clipboard", "on"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        directory.remove()
    }

    /// Runs a tmux command on this session's server; its standard output.
    ///
    /// Spawned and reaped with posix_spawn/waitpid rather than Foundation's Process: the first
    /// command forks the tmux server, which inherits Process's descriptors and keeps them open, so
    /// Process would never see the command end.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TMUX")
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment["TERM"] = "xterm-256color"
        // English whatever the developer's language: the tests read the words.
        environment.removeValue(forKey: "LANGUAGE")
        environment["LC_ALL"] = "C.UTF-8"
        let outputFile = directory.file("tmux-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        _ = try ChildProcess(
            ["-S", socket] + arguments, environment: environment, executable: "/usr/bin/tmux", stdout: outputFile
        ).wait()
        return (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
    }

    /// Copies everything the pane's programs write, escape sequences included, to `file`.
    func recordRawOutput(to file: String) throws {
        try tmux(["pipe-pane", "-t", "test", "-o", "cat > '\(file)'"])
    }

    /// Types `line` and Enter into the shell.
    func run(_ line: String) throws {
        try tmux(["send-keys", "-t", "test", "-l", line])
        try tmux(["send-keys", "-t", "test", "Enter"])
    }

    /// Presses keys by tmux name: `Space`, `C-c`, `l`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "test"] + keys)
    }

    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "test"])
    }

    /// Polls the screen until `condition` holds; the last screen either way.
    @discardableResult
    func waitForScreen(timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = try self.screen()
        while !condition(screen), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            screen = try self.screen()
        }
        XCTAssertTrue(condition(screen), "screen never matched:\n\(screen)", file: file, line: line)
        return screen
    }

    @discardableResult
    func waitForScreen(containing text: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try waitForScreen(timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    /// Polls until `path` exists and is not empty; its contents.
    func waitForFile(_ path: String, timeout: TimeInterval = 20) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// The process the pane's shell is running in the foreground.
    func foregroundChild() throws -> pid_t? {
        var pid = try tmux(["display-message", "-p", "-t", "test", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // Under some users' login set-up the pane's shell runs the line in a subshell of its own:
        // the command is the first process below the shells.
        for _ in 0..<4 {
            guard let child = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))?.split(separator: " ").first
            else { return nil }
            pid = String(child)
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if !["sh", "dash", "bash"].contains(name ?? "") { break }
        }
        return pid_t(pid)
    }

    /// A shell line that saves the terminal mode to `before`, runs `command`, then saves its exit
    /// status and the terminal mode afterwards.
    func shellLine(running command: String) -> String {
        "ulimit -c 0; stty -g > \(directory.file("before")); \(command); echo \"exit=$?\" > \(directory.file("status")); stty -g > \(directory.file("after"))"
    }

    /// Waits for `shellLine`'s command to end; its exit status and whether the terminal mode came back.
    func waitForExit() -> (status: String?, modeRestored: Bool) {
        let status = waitForFile(directory.file("status"))?.trimmingCharacters(in: .whitespacesAndNewlines)
        let after = waitForFile(directory.file("after"))
        let before = try? String(contentsOfFile: directory.file("before"), encoding: .utf8)
        return (status, after != nil && after == before)
    }
}

/// A process fed one line at a time, over `RunningProcess`'s stdin pipe.
final class LineFedProcess {
    private let running: RunningProcess

    init(_ arguments: [String], environment: [String: String]) throws {
        running = RunningProcess(arguments, environment: environment, interactive: true)
        try running.start()
    }

    func send(_ line: String) {
        running.send(line + "\n")
    }

    func closeInput() {
        running.closeStdin()
    }

    var stdout: String { running.stdout }
    var stderr: String { running.stderr }

    /// Polls until `condition` holds on the collected output.
    @discardableResult
    func waitFor(timeout: TimeInterval = 20, _ condition: (LineFedProcess) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(self) { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return condition(self)
    }

    /// Exit status, after waiting up to `timeout` (then it is terminated: a hang is a failure).
    func waitForExit(timeout: TimeInterval = 20) -> Int32 {
        running.wait(timeout: timeout).status
    }
}
