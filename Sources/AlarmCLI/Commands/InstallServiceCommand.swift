import AlarmCore
import AlarmAudio
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `alarmplay install-service`: a systemd unit that runs `alarmplay run` at boot.
public enum InstallServiceCommand: Command {
    public static let spec = CommandSpec(
        name: "install-service",
        abstract: tr("Write a systemd unit that runs 'alarmplay run' at boot, and say how to enable it."),
        options: [
            .flag("user", help: tr("A user service (default): ~/.config/systemd/user/alarmplay.service.")),
            .flag("system", help: tr("A system service running as you: /etc/systemd/system/alarmplay.service (needs sudo).")),
            .flag("print", help: tr("Print the unit instead of writing it.")),
            AlarmFileOptions.alarms, .device, .sounds, .http, .noHTTP, .wakeEarly,
        ] + OptionSpec.mqtt,
        discussion: tr("""
            ExecStart is this binary's absolute path with 'run' and the --alarms, --device,
            --sounds, --http, --no-http and --mqtt... options given here (a broker password only
            as a file). Run it again after moving the binary. A user service starts at
            boot once lingering is on ('loginctl enable-linger USER'); it then reaches the user's
            PipeWire or PulseAudio. A system service runs as the user who ran sudo, in the audio
            group; as no sound server runs for it, it rings on the cards themselves: without --device,
            plughw:CARD=ID for each card in /proc/asound/cards (then default). --device may be given
            several times: they are tried in order.
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        if arguments.flag("user"), arguments.flag("system") {
            throw UsageError.together("user", "system")
        }
        let environment = context.environment
        let userName = environment["SUDO_USER"] ?? environment["USER"] ?? currentUserName()
        let scope: SystemdUnit.Scope = arguments.flag("system") ? .system(user: userName) : .user
        guard let executable = FileSystem.executablePath() else {
            throw InstallServiceError(tr("cannot find this program's path (/proc/self/exe)"))
        }
        var command = [executable, "run"]
        if let alarms = arguments.value("alarms") { command += ["--alarms", absolute(alarms)] }
        var devices = arguments.all("device")
        if devices.isEmpty, scope != .user {
            devices = SoundCards.systemServiceDevices(procCards: FileSystem.readText("/proc/asound/cards"))
        }
        for device in devices { command += ["--device", device] }
        for folder in arguments.all("sounds") { command += ["--sounds", absolute(folder)] }
        if let http = try arguments.httpAddress(), http != .default { command += ["--http", http.description] }
        if arguments.flag("no-http") { command += ["--no-http"] }
        if let early = arguments.value("wake-early") {
            _ = try arguments.wakeEarly()
            command += ["--wake-early", early]
        }
        _ = try arguments.mqttSettings(context.environment)
        for option in OptionSpec.mqtt {
            guard let value = arguments.value(option.name) else { continue }
            command += ["--" + option.name, option.name == "mqtt-password-file" ? absolute(value) : value]
        }
        let unit = SystemdUnit(scope: scope, command: command)
        if arguments.flag("print") {
            context.console.writeRaw(unit.text)
            return .success
        }
        let path = SystemdUnit.path(scope, environment: environment)
        do {
            try AtomicFile.write(unit.text, to: path)
        } catch {
            let hint = error.code == EACCES && scope != .user ? tr(" (run it with sudo)") : ""
            throw InstallServiceError(tr("cannot write {path}: {reason}{hint}", ["path": path, "reason": "\(error)", "hint": hint]))
        }
        context.console.out(tr("wrote {path}", ["path": path]))
        for line in unit.instructions(userName: userName) { context.console.out(line) }
        if scope != .user, FileSystem.exists("/usr/bin/pipewire") || FileSystem.exists("/usr/bin/pulseaudio") {
            context.console.out(tr("A sound server is installed: while it holds the card, a system service rings the bell instead."))
            context.console.out(tr("On a desktop prefer the user service (alarmplay install-service; README: 'A system service on a desktop')."))
        }
        return .success
    }

    /// systemd runs the service from `/`, so relative paths must be made absolute here.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return String(cString: directory) + "/" + path
    }

    package static func currentUserName() -> String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return String(getuid()) }
        return String(cString: name)
    }
}
