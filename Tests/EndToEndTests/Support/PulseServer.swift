import Foundation

/// A private, real-time PulseAudio with a null sink on its own socket, started by the test and
/// stopped by it. Plays as a desktop's sound server would; `record()` captures the sink's monitor.
final class PulseServer {
    let directory: TemporaryDirectory
    let socket: String
    let sinkName = "alarmplaytest"
    private var server: ChildProcess?
    static let rate = 48_000

    init() throws {
        directory = try TemporaryDirectory("alarmplay-pulse")
        socket = directory.file("native")
    }

    var environment: [String: String] {
        ["PULSE_SERVER": "unix:" + socket, "PULSE_SINK": sinkName]
    }

    func start() throws {
        let script = """
            load-module module-native-protocol-unix socket=\(socket) auth-anonymous=1
            load-module module-null-sink sink_name=\(sinkName) rate=\(Self.rate)
            set-default-sink \(sinkName)
            """
        try directory.write("default.pa", script)
        server = try ChildProcess(
            [
                "-n", "-F", directory.file("default.pa"), "--daemonize=no", "--exit-idle-time=-1",
                "--use-pid-file=no", "--disallow-exit", "--log-target=file:" + directory.file("pulse.log"),
            ],
            environment: [
                "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "XDG_CONFIG_HOME": directory.path,
                "PATH": "/usr/bin:/bin",
            ],
            executable: "/usr/bin/pulseaudio")
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: socket), pactl(["info"]) == 0 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw NSError(domain: "PulseServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "pulseaudio did not start"])
    }

    /// Kills the server outright, as a crashing sound server or an unplugged device would go.
    func kill() {
        guard let server else { return }
        server.kill()
        _ = server.wait()
        self.server = nil
        try? FileManager.default.removeItem(atPath: socket)
    }

    /// Freezes the server (SIGSTOP) as a hung sound server would be: connected clients stay
    /// connected but nothing is taken or answered. `resume` lets it go on.
    func suspend() {
        if let server { Glibc.kill(server.pid, SIGSTOP) }
    }

    func resume() {
        if let server { Glibc.kill(server.pid, SIGCONT) }
    }

    func stop() {
        if let server {
            Foundation.kill(server.pid, SIGTERM)
            _ = server.wait()
        }
        server = nil
        directory.remove()
    }

    @discardableResult
    func pactl(_ arguments: [String]) -> Int32 {
        let child = try? ChildProcess(arguments, environment: [
            "PULSE_SERVER": "unix:" + socket, "HOME": directory.path, "PATH": "/usr/bin:/bin",
        ], executable: "/usr/bin/pactl")
        return child?.wait() ?? -1
    }

    /// Starts `parec` on the sink's monitor: mono S16 at 48 kHz, raw.
    func record(to name: String = "recording.raw") throws -> Recording {
        let recording = Recording(path: directory.file(name), socket: socket, source: sinkName + ".monitor", home: directory.path)
        try recording.start()
        return recording
    }
}

/// A running `parec` capture. An idle null sink renders up to ~2 s ahead, so the first sample's
/// wall time is dated when data first arrives: `now - bytes / (rate * 2)`.
final class Recording {
    let path: String
    private let arguments: [String]
    private let environment: [String: String]
    private var process: ChildProcess?
    private(set) var startTime: Date?

    init(path: String, socket: String, source: String, home: String) {
        self.path = path
        arguments = [
            "-d", source, "--rate=\(PulseServer.rate)", "--channels=1", "--format=s16le", "--raw",
            "--latency-msec=20", "--process-time-msec=10",
        ]
        environment = ["PULSE_SERVER": "unix:" + socket, "HOME": home, "PATH": "/usr/bin:/bin"]
    }

    func start() throws {
        process = try ChildProcess(arguments, environment: environment, executable: "/usr/bin/parec", stdout: path)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if bytes > 0 {
                startTime = Date().addingTimeInterval(-Double(bytes) / Double(PulseServer.rate * 2))
                return
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        throw NSError(domain: "Recording", code: 1, userInfo: [NSLocalizedDescriptionKey: "parec recorded nothing"])
    }

    /// Stops recording and returns the samples scaled to -1...1.
    func stop() -> [Float] {
        if let process {
            kill(process.pid, SIGTERM)
            _ = process.wait()
        }
        process = nil
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return data.withUnsafeBytes { raw in
            raw.bindMemory(to: Int16.self).map { Float(Int16(littleEndian: $0)) / 32768 }
        }
    }

    /// Seconds from the recording's first sample to `date`.
    func offset(of date: Date) -> Double {
        date.timeIntervalSince(startTime ?? date)
    }
}
