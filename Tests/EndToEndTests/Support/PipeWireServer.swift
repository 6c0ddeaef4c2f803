import Foundation

/// A private, real-time PipeWire as a desktop session runs it (pipewire, wireplumber and
/// pipewire-pulse on a D-Bus session bus, in a runtime folder of its own) with a null sink,
/// started and stopped by the test. ALSA reaches it through pipewire-alsa's plugin, loaded by a
/// private ALSA configuration: the machine's own `default` stays as it is for the other tests.
final class PipeWireServer {
    let directory: TemporaryDirectory
    let sinkName = "alarmplaytest"
    private var processes: [ChildProcess] = []
    static let rate = PulseServer.rate

    /// Where `scripts/setup --test` unpacks pipewire-alsa's plugin (it cannot be installed beside
    /// Debian 12's pulseaudio); a machine with pipewire-alsa installed has it in alsa-lib's folder.
    static let pluginFolders = ["/usr/local/lib/alarmplay-test/pipewire-alsa"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []).map { "/usr/lib/\($0)/alsa-lib" }

    init() throws {
        directory = try TemporaryDirectory("alarmplay-pipewire")
        chmod(directory.path, 0o700)
        try writeALSAConfiguration()
    }

    var runtimeDirectory: String { directory.path }
    var pulseSocket: String { directory.file("pulse/native") }
    var alsaConfiguration: String { directory.file("alsa.conf") }

    /// What a client of this server needs: ALSA's `default` is PipeWire, `pulse` its PulseAudio service.
    var environment: [String: String] {
        ["ALSA_CONFIG_PATH": alsaConfiguration, "PIPEWIRE_RUNTIME_DIR": runtimeDirectory, "PULSE_SERVER": "unix:" + pulseSocket]
    }

    private var serverEnvironment: [String: String] {
        [
            "HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "XDG_CONFIG_HOME": directory.file("config"),
            "XDG_STATE_HOME": directory.file("state"), "PATH": "/usr/bin:/bin",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + directory.file("bus"),
        ]
    }

    func start() throws {
        try launch("/usr/bin/dbus-daemon", ["--session", "--nofork", "--address=unix:path=" + directory.file("bus")])
        try waitFor("the D-Bus session bus") { FileManager.default.fileExists(atPath: directory.file("bus")) }
        try launch("/usr/bin/pipewire", [])
        try waitFor("pipewire") { FileManager.default.fileExists(atPath: directory.file("pipewire-0")) }
        try launch("/usr/bin/wireplumber", [])
        try launch("/usr/bin/pipewire-pulse", [])
        try waitFor("pipewire-pulse") { FileManager.default.fileExists(atPath: pulseSocket) && pactl(["info"]) == 0 }
        pactl(["load-module", "module-null-sink", "sink_name=\(sinkName)", "rate=\(Self.rate)", "channels=1"])
        pactl(["set-default-sink", sinkName])
        // wireplumber makes the configured sink the default one for PipeWire's own clients (pipewire-alsa).
        try waitFor("wireplumber") { pactlOutput(["get-default-sink"]) == sinkName }
    }

    /// Kills every part of the server outright, as a crashing session would go.
    func kill() {
        for process in processes.reversed() {
            process.kill()
            _ = process.wait()
        }
        processes = []
    }

    func stop() {
        for process in processes.reversed() {
            Foundation.kill(process.pid, SIGTERM)
            _ = process.wait()
        }
        processes = []
        directory.remove()
    }

    @discardableResult
    func pactl(_ arguments: [String]) -> Int32 {
        let child = try? ChildProcess(arguments, environment: clientEnvironment, executable: "/usr/bin/pactl")
        return child?.wait() ?? -1
    }

    func pactlOutput(_ arguments: [String]) -> String {
        let result = try? ChildProcess.run(arguments, environment: clientEnvironment, executable: "/usr/bin/pactl")
        return result?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// Whether the null sink is muted, as PipeWire's PulseAudio service reports it.
    var isSinkMuted: Bool { pactlOutput(["get-sink-mute", sinkName]).hasSuffix("yes") }

    /// Starts `parec` on the sink's monitor through pipewire-pulse: mono S16 at 48 kHz, raw.
    func record(to name: String = "recording.raw") throws -> Recording {
        let recording = Recording(path: directory.file(name), socket: pulseSocket, source: sinkName + ".monitor", home: directory.path)
        try recording.start()
        return recording
    }

    private var clientEnvironment: [String: String] {
        ["PULSE_SERVER": "unix:" + pulseSocket, "HOME": directory.path, "PATH": "/usr/bin:/bin"]
    }

    private func launch(_ executable: String, _ arguments: [String]) throws {
        let name = (executable as NSString).lastPathComponent
        processes.append(try ChildProcess(
            arguments, environment: serverEnvironment, executable: executable, stderr: directory.file(name + ".log")))
    }

    private func waitFor(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw NSError(domain: "PipeWireServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(what) did not start"])
    }

    /// alsa.conf with `/etc/alsa/conf.d` swapped for a private folder holding the same files but
    /// pulseaudio's 99-pulse.conf (it makes `default` the pulse plugin whenever any PulseAudio
    /// server answers, pipewire-pulse included) and any installed pipewire-alsa file, plus
    /// pipewire-alsa's own configuration with its plugin's full path.
    private func writeALSAConfiguration() throws {
        guard let plugins = Self.pluginFolders.first(where: {
            FileManager.default.fileExists(atPath: $0 + "/libasound_module_pcm_pipewire.so")
        }) else {
            throw NSError(domain: "PipeWireServer", code: 2, userInfo: [
                NSLocalizedDescriptionKey: "no pipewire-alsa plugin: run scripts/setup --test",
            ])
        }
        let system = try String(contentsOfFile: "/usr/share/alsa/alsa.conf", encoding: .utf8)
        try directory.write("alsa.conf", system.replacingOccurrences(of: "\"/etc/alsa/conf.d\"", with: "\"\(directory.file("conf.d"))\""))
        let machine = (try? FileManager.default.contentsOfDirectory(atPath: "/etc/alsa/conf.d")) ?? []
        for name in machine where name.hasSuffix(".conf") && name != "99-pulse.conf" && !name.contains("pipewire") {
            try directory.write("conf.d/" + name, "</etc/alsa/conf.d/\(name)>\n")
        }
        try directory.write("conf.d/50-pipewire.conf", """
            pcm_type.pipewire { lib "\(plugins)/libasound_module_pcm_pipewire.so" }
            ctl_type.pipewire { lib "\(plugins)/libasound_module_ctl_pipewire.so" }
            pcm.pipewire { type pipewire playback_node "-1" capture_node "-1" hint { show on description "PipeWire Sound Server" } }
            ctl.pipewire { type pipewire }
            pcm.!default { type pipewire playback_node "-1" capture_node "-1" }
            ctl.!default { type pipewire }

            """)
    }
}
