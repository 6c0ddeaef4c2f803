import AudioTestSupport
import Foundation
import XCTest

/// One `alarmplay run` against a private PulseAudio, with its own XDG folders, alarms file and
/// control socket; alarm times are computed a few seconds ahead in UTC (the child runs TZ=UTC).
final class RunScenario {
    let home: TemporaryDirectory
    let pulse: PulseServer
    var alarmsPath: String { home.file("alarms.json") }
    /// Where `run` listens for control requests (its runtime folder is inside `home`).
    var socketPath: String { home.file("runtime/alarmplay/control.sock") }

    init() throws {
        home = try TemporaryDirectory()
        pulse = try PulseServer()
        try pulse.start()
    }

    private init(home: TemporaryDirectory, pulse: PulseServer) {
        self.home = home
        self.pulse = pulse
    }

    /// A second user's `run` (its own folders and control socket) on the same sound server.
    static func sharing(_ other: RunScenario) -> RunScenario {
        RunScenario(home: try! TemporaryDirectory(), pulse: other.pulse)
    }

    func tearDown() {
        pulse.stop()
        home.remove()
    }

    /// Added to every child's environment (e.g. a library taken away).
    var extraEnvironment: [String: String] = [:]

    var environment: [String: String] {
        AlarmPlayBinary.environment(home: home, pulse.environment.merging(["TZ": "UTC"]) { $1 }.merging(extraEnvironment) { $1 })
    }

    /// `"time"` and `"date"` JSON members for a one-shot `seconds` from now, and that instant.
    func at(secondsAhead seconds: Int) -> (json: String, date: Date) {
        Self.at(secondsAhead: seconds)
    }

    static func at(secondsAhead seconds: Int) -> (json: String, date: Date) {
        let whole = (Date().timeIntervalSince1970 + Double(seconds)).rounded(.up)
        let date = Date(timeIntervalSince1970: whole)
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "'\"time\": \"'HH:mm:ss'\", \"date\": \"'yyyy-MM-dd'\"'"
        return (formatter.string(from: date), date)
    }

    func writeAlarms(_ alarms: [String]) throws {
        try home.write("alarms.json", "{\"alarms\": [\n" + alarms.joined(separator: ",\n") + "\n]}\n")
    }

    /// `run` with the page on a port of the kernel's choosing (see `webClient`), unless `extra`
    /// says otherwise, so runs never compete for 8137.
    func startRun(_ extra: [String] = [], interactive: Bool = false) throws -> RunningProcess {
        let http = extra.contains { $0.hasPrefix("--http") || $0 == "--no-http" } ? [] : ["--http", "127.0.0.1:0"]
        let process = RunningProcess(
            ["run", "--alarms", alarmsPath, "--device", "pulse", "--sounds", AlarmPlayBinary.fixtures + "/sounds"] + http + extra,
            environment: environment, interactive: interactive)
        try process.start()
        XCTAssertNotNil(process.waitForLog("event=loaded"), "run did not load: \(process.stderr)")
        return process
    }

    func control(_ arguments: [String]) throws -> CommandResult {
        try AlarmPlayBinary.run(arguments, environment: environment)
    }

    /// The `time=` of a log line (the child runs in UTC).
    static func logTime(_ line: String?) -> Date? {
        guard let field = line?.split(separator: " ").first, field.hasPrefix("time=") else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: String(field.dropFirst(5)))
    }
}

/// Levels of a parec recording, asked for by wall-clock time.
struct RecordedLevels {
    let signal: Signal
    let recording: Recording

    init(_ recording: Recording, samples: [Float]) {
        self.recording = recording
        signal = Signal(samples: samples, sampleRate: PulseServer.rate)
    }

    /// RMS in dBFS between two wall-clock instants.
    func level(from start: Date, to end: Date) -> Double {
        signal.slice(from: recording.offset(of: start), to: recording.offset(of: end)).rmsDBFS
    }

    /// 100 ms windows between two instants, each as (seconds from `start`, dBFS).
    func windows(from start: Date, to end: Date) -> [(Double, Double)] {
        let base = recording.offset(of: start)
        return signal.slice(from: base, to: recording.offset(of: end)).windowLevels(seconds: 0.1).map { ($0.start, $0.rmsDBFS) }
    }

    func isLoud(from start: Date, to end: Date) -> Bool { level(from: start, to: end) > -45 }
    func isSilent(from start: Date, to end: Date) -> Bool { level(from: start, to: end) < -70 }
}

extension RunScenario {
    /// Another process holding the alarms file's lock for `seconds`, as a second `alarmplay add`
    /// or an editor would; returned once it holds it.
    func holdAlarmsLock(seconds: Int) throws -> RunningProcess {
        let holder = RunningProcess(
            ["-c", "import fcntl, sys, time\nf = open(sys.argv[1] + '.lock', 'a')\nfcntl.flock(f, fcntl.LOCK_EX)\nprint('held', flush=True)\n"
                + "time.sleep(\(seconds))", alarmsPath],
            environment: ["PATH": "/usr/bin:/bin"], executable: "/usr/bin/python3")
        try holder.start()
        let deadline = Date().addingTimeInterval(5)
        while !holder.stdout.contains("held"), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(holder.stdout.contains("held"), holder.stderr)
        return holder
    }
}
