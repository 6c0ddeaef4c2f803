import Foundation
import XCTest

final class StopwatchEndToEndTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TemporaryDirectory()
    }

    override func tearDown() {
        home.remove()
    }

    private struct FinalState: Decodable {
        struct Lap: Decodable { var number: Int; var totalMs: Int; var diffMs: Int }
        var elapsedMs: Int
        var laps: [Lap]
    }

    /// `start`, `lap`, `lap`, `stop`, `quit` with pauses between lines: the laps match the time
    /// between the lines as the test measured it, within 50 ms, and add up exactly.
    func testPipeModeLapsMatchTheTimeBetweenLines() throws {
        let process = try LineFedProcess(["stopwatch", "--json"], environment: AlarmPlayBinary.environment(home: home))
        var sentAt: [Date] = []
        // Gaps well apart, and a tolerance a loaded machine keeps (a line may wait for a core).
        for (line, pause) in [("start", 1.0), ("lap", 1.6), ("lap", 0.6), ("stop", 0.0)] {
            process.send(line)
            sentAt.append(Date())
            // Wait for the answer, so the next line's time is measured from a processed command.
            let answers = sentAt.count
            XCTAssertTrue(process.waitFor { $0.stderr.split(separator: "\n").count >= answers }, process.stderr)
            Thread.sleep(forTimeInterval: pause)
        }
        process.send("quit")
        XCTAssertEqual(process.waitForExit(), 0, process.stderr)

        let state = try JSONDecoder().decode(FinalState.self, from: Data(process.stdout.utf8))
        let ms = { (from: Int, to: Int) in Int(sentAt[to].timeIntervalSince(sentAt[from]) * 1000) }
        XCTAssertEqual(state.laps.map(\.number), [1, 2])
        XCTAssertEqual(state.laps[0].totalMs, ms(0, 1), accuracy: 250)
        XCTAssertEqual(state.laps[1].diffMs, ms(1, 2), accuracy: 250)
        XCTAssertEqual(state.laps[0].diffMs, state.laps[0].totalMs)
        XCTAssertEqual(state.laps[1].totalMs, state.laps[0].totalMs + state.laps[1].diffMs)
        XCTAssertEqual(state.elapsedMs, ms(0, 3), accuracy: 250)

        let lines = process.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "started at 00:00.00")
        XCTAssertTrue(lines[1].hasPrefix("Lap 1   00:01."), lines[1])
        XCTAssertTrue(lines[3].hasPrefix("stopped at 00:03."), lines[3])
    }

    func testEndOfInputQuitsWithTheSummaryAndWritesTheLapsFile() throws {
        let lapsFile = home.file("laps.txt")
        let result = try AlarmPlayBinary.run(
            ["stopwatch", "--laps-file", lapsFile], environment: AlarmPlayBinary.environment(home: home),
            stdin: "start\nlap\nLAP\nbogus\nreset\n")
        XCTAssertEqual(result.status, 0)
        let out = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(out.count, 3 + 1 + 3, result.stdout)
        XCTAssertEqual(out[0], "started at 00:00.00")
        XCTAssertEqual(out[3], "no reset while running: stop first")
        XCTAssertTrue(out[4].hasPrefix("Stopwatch 00:00.0"), out[4])
        XCTAssertTrue(out[5].hasPrefix("Lap 2   "), "newest first: \(out[5])")
        XCTAssertTrue(out[6].hasPrefix("Lap 1   "))
        XCTAssertTrue(result.stderr.contains("unknown command 'bogus'"), result.stderr)
        let laps = try String(contentsOfFile: lapsFile, encoding: .utf8)
        XCTAssertEqual(laps.split(separator: "\n").map { $0.split(separator: " ").first }, ["1", "2"])
    }

    /// What the stopwatch says, in the reader's language; `--json` and the laps file stay the same.
    /// A laps file that cannot be written: the laps are printed all the same, then one line
    /// naming the file and why, and exit 73 (EX_CANTCREAT).
    func testALapsFileThatCannotBeWrittenSaysSo() throws {
        try home.write("file", "not a folder\n")
        let lapsFile = home.file("file/laps.txt")
        let result = try AlarmPlayBinary.run(["stopwatch", "--laps-file", lapsFile], environment: AlarmPlayBinary.environment(home: home),
                                             stdin: "start\nlap\n")
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stdout.contains("Lap 1 "), "the laps are printed first: \(result.stdout)")
        XCTAssertEqual(result.stderr, "alarmplay: error: cannot write the laps to \(lapsFile): Not a directory\n")
    }

    /// Anything but a regular file is written in place, as a shell's `>` would: a FIFO passes the
    /// laps on, and a full device (a copy of /dev/full) says so and stays the device it is.
    func testALapsFileThatIsNoRegularFileIsWrittenInPlace() throws {
        let fifo = home.file("laps.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = RunningProcess(["-c", "cat '\(fifo)' > '\(home.file("read.txt"))'"], environment: [:], executable: "/bin/sh")
        try reader.start()
        let piped = try AlarmPlayBinary.run(["stopwatch", "--laps-file", fifo], environment: AlarmPlayBinary.environment(home: home), stdin: "start\nlap\n")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(reader.wait(timeout: 10).status, 0)
        XCTAssertTrue(try String(contentsOfFile: home.file("read.txt"), encoding: .utf8).hasPrefix("1   00:00."), "the laps through the FIFO")
        XCTAssertEqual(fileType(fifo), S_IFIFO, "still a FIFO")

        try requireRoot("a device node made with mknod")
        let full = home.file("full")
        XCTAssertEqual(try ChildProcess.run([full, "c", "1", "7"], environment: [:], executable: "/usr/bin/mknod").status, 0)
        let result = try AlarmPlayBinary.run(["stopwatch", "--laps-file", full], environment: AlarmPlayBinary.environment(home: home), stdin: "start\nlap\n")
        XCTAssertEqual(result.status, 73, result.stdout)
        XCTAssertEqual(result.stderr, "alarmplay: error: cannot write the laps to \(full): No space left on device\n")
        XCTAssertEqual(fileType(full), S_IFCHR, "still the device")
    }

    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    func testInGermanAndKorean() throws {
        try MessageCatalogs.compile()
        let expected = [
            "de_DE.UTF-8": ["gestartet bei 00:00.00", "Runde 1   00:00.", "Zurücksetzen nicht während sie läuft: erst anhalten",
                            "Stoppuhr 00:00.", "unbekannter Befehl 'bogus'"],
            "ko_KR.UTF-8": ["00:00.00에 시작", "랩 1   00:00.", "실행 중에는 초기화할 수 없습니다: 먼저 정지하세요",
                            "스톱워치 00:00.", "알 수 없는 명령 'bogus'"],
        ]
        for (language, words) in expected {
            let result = try AlarmPlayBinary.run(
                ["stopwatch"], environment: AlarmPlayBinary.environment(home: home, ["LANG": language]), stdin: "start\nlap\nreset\nbogus\n")
            XCTAssertEqual(result.status, 0, result.stderr)
            let out = result.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(out.first, words[0], result.stdout)
            XCTAssertTrue(out[1].hasPrefix(words[1]), result.stdout)
            XCTAssertEqual(out[2], words[2], result.stdout)
            XCTAssertTrue(out[3].hasPrefix(words[3]), "the summary: \(result.stdout)")
            XCTAssertTrue(result.stderr.hasPrefix(words[4]), result.stderr)
        }
    }

    func testDevNullQuitsAtOnce() throws {
        let result = try AlarmPlayBinary.run(["stopwatch", "--json"], environment: AlarmPlayBinary.environment(home: home), timeout: 10)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "{\"elapsedMs\":0,\"laps\":[]}\n")
    }

    /// The real thing on a terminal: keys without Enter, laps newest first, OSC 52 with the laps,
    /// and the terminal mode as it was.
    func testKeysOnARealTerminal() throws {
        let pane = try TmuxPane()
        let raw = pane.directory.file("raw.log")
        let lapsFile = pane.directory.file("laps.txt")
        try pane.recordRawOutput(to: raw)
        try pane.run(pane.shellLine(running: "'\(AlarmPlayBinary.path)' stopwatch --laps-file '\(lapsFile)'"))
        try pane.waitForScreen(containing: "ready")
        try pane.press("Space")
        try pane.waitForScreen(containing: "running")
        Thread.sleep(forTimeInterval: 0.3)
        try pane.press("l")
        try pane.waitForScreen(containing: "Lap 1 ")
        Thread.sleep(forTimeInterval: 0.2)
        try pane.press("l")
        try pane.waitForScreen(containing: "Lap 2 ")
        try pane.press("Space")
        try pane.waitForScreen(containing: "stopped")
        try pane.press("c")
        let live = try pane.waitForScreen(containing: "copied 2 laps (OSC 52)")
        let liveLaps = live.split(separator: "\n").filter { $0.hasPrefix("Lap ") }.map(String.init)
        XCTAssertEqual(liveLaps.map { $0.prefix(5) }, ["Lap 2", "Lap 1"], live)
        try pane.press("q")
        let (status, restored) = pane.waitForExit()
        XCTAssertEqual(status, "exit=0")
        XCTAssertTrue(restored, "stty -g differs after the stopwatch")

        let screen = try pane.screen()
        let summary = screen.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("Stopwatch ") }
        XCTAssertEqual(summary.dropFirst().prefix(2).map { String($0.prefix(5)) }, ["Lap 2", "Lap 1"], screen)
        XCTAssertEqual(Array(summary.dropFirst().prefix(2)), liveLaps, "the summary repeats the laps shown")

        let copied = try XCTUnwrap(Self.osc52Payloads(in: raw).last, "no OSC 52 sequence in the output")
        let lapsText = try String(contentsOfFile: lapsFile, encoding: .utf8)
        XCTAssertEqual(copied, lapsText)
        let copiedLines = copied.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(copiedLines.map { $0.first }, ["1", "2"], "oldest first")
        // Each copied line has the total and difference the screen showed for that lap.
        for (number, fields) in zip([1, 2], copiedLines) {
            let shown = try XCTUnwrap(liveLaps.first { $0.hasPrefix("Lap \(number) ") })
            XCTAssertTrue(shown.contains("\(fields[1])   +\(fields[2])"), "\(shown) vs \(fields)")
        }
        // tmux itself took the OSC 52 into its paste buffer: a terminal would have too.
        XCTAssertEqual(try pane.tmux(["show-buffer"]), lapsText)
    }

    func testCtrlCQuitsWithTheSummary() throws {
        let pane = try TmuxPane()
        try pane.run(pane.shellLine(running: "'\(AlarmPlayBinary.path)' stopwatch"))
        try pane.waitForScreen(containing: "ready")
        try pane.press("Space")
        try pane.waitForScreen(containing: "running")
        try pane.press("C-c")
        let (status, restored) = pane.waitForExit()
        XCTAssertEqual(status, "exit=0")
        XCTAssertTrue(restored)
        XCTAssertTrue(try pane.screen().contains("Stopwatch 00:"))
    }

    /// Killed by a signal or crashing: the terminal mode still comes back, and the process still
    /// dies of that signal (the shell reports 128 + its number).
    func testSignalsRestoreTheTerminal() throws {
        for signal in [SIGTERM, SIGHUP, SIGSEGV] {
            let pane = try TmuxPane()
            // Without the Swift runtime's backtracer: it takes over a SIGSEGV after the terminal is
            // restored, and for one sent with kill (no faulting instruction to run again) it returns
            // and lets the process go on, which is not what a crash does.
            try pane.run(pane.shellLine(running: "SWIFT_BACKTRACE=enable=no '\(AlarmPlayBinary.path)' stopwatch"))
            try pane.waitForScreen(containing: "ready")
            let pid = try XCTUnwrap(try pane.foregroundChild())
            XCTAssertEqual(kill(pid, signal), 0)
            let (status, restored) = pane.waitForExit()
            XCTAssertEqual(status, "exit=\(128 + signal)", "signal \(signal)")
            XCTAssertTrue(restored, "signal \(signal) left the terminal raw")
        }
    }

    /// The decoded text of every `ESC ] 52 ; c ; BASE64 BEL` in a raw terminal recording.
    static func osc52Payloads(in file: String) throws -> [String] {
        let raw = try String(decoding: Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        var payloads: [String] = []
        var rest = raw[...]
        while let start = rest.range(of: "\u{1B}]52;c;") {
            guard let end = rest[start.upperBound...].firstIndex(of: "\u{07}") else { break }
            let encoded = String(rest[start.upperBound..<end])
            payloads.append(Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) } ?? "<bad base64 \(encoded)>")
            rest = rest[rest.index(after: end)...]
        }
        return payloads
    }
}
