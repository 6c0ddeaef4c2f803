import AlarmCore
import AlarmAudio
import AlarmRuntime
import FaceWeb

/// `alarmplay run`: the alarm process, in a terminal or as a service.
public enum RunCommand: Command {
    public static let spec = CommandSpec(
        name: "run",
        abstract: tr("Run the alarm clock: ring each alarm on time (keep it running, e.g. as a service)."),
        options: [
            AlarmFileOptions.alarms, .device, .sounds, .http, .noHTTP,
            .value("http-host", "NAME", repeatable: true,
                   help: tr("Another name the page answers to (a reverse proxy's, your DNS's); it answers to this machine's own and its addresses.")),
        ] + OptionSpec.mqtt + [
            .wakeEarly,
            .value("events-file", "PATH", help: tr("Append every event as a JSON line to this file or FIFO (for scripts).")),
            .value("input", "PATH", repeatable: true,
                   help: tr("Read buttons, a keypad, a remote or a knob from this input device (/dev/input/by-id/...); see 'inputs' in the alarms file for key maps.")),
            .flag("quiet", short: "q", help: tr("Log only warnings and errors.")),
            .flag("verbose", short: "v", help: tr("Log debug events too.")),
        ],
        discussion: tr("""
            While an alarm rings: z, s, Space or Enter snooze; x, q or Esc stop; ? shows the keys.
            From a pipe, one command per line: snooze, stop, status. From anywhere else:
            'alarmplay snooze', 'alarmplay stop', 'alarmplay status'. Edits of the alarms file
            take effect at once; SIGHUP re-reads it. Logs are logfmt lines on stderr.
            The phone page is served on 127.0.0.1:8137 unless --no-http; 'alarmplay web' prints
            its address with the access token (--qr as a QR code to scan). With --mqtt it joins
            the broker as one Home Assistant device (discovered by itself).
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        if arguments.flag("quiet"), arguments.flag("verbose") {
            throw UsageError.together("quiet", "verbose")
        }
        let environment = context.environment
        let threshold: EventLog.Level = arguments.flag("quiet") ? .warning : arguments.flag("verbose") ? .debug : .info
        var configuration = AlarmDaemon.Configuration(
            alarmsPath: AlarmFileLocation.path(explicit: arguments.value("alarms"), environment: environment),
            devices: arguments.devices,
            soundFolders: SoundFolders(environment: environment, extra: arguments.all("sounds")),
            statePath: StateStore(environment: environment).path,
            socketPath: ControlSocketPath.resolve(environment),
            log: EventLog(threshold: threshold, console: context.console),
            http: try arguments.httpAddress(), tokenPath: AccessToken.path(environment),
            userSounds: environment.dataHome + "/alarmplay/sounds", mqtt: try arguments.mqttSettings(environment),
            wakeEarly: try arguments.wakeEarly(), eventsFile: arguments.value("events-file"))
        configuration.httpHosts = arguments.all("http-host")
        configuration.inputs = arguments.all("input")
        do {
            // The log is an interface: logfmt lines, strerror's words, times, all English. Only
            // the terminal's status line speaks the person's language (TerminalFace).
            return try Messages.inEnglish { try AlarmDaemon(configuration).run(faces: FaceTable.faces) }
        } catch let error as AlarmFileError {
            for line in error.lines where error.exitCode == .dataError { context.console.err(line) }
            throw error
        }
    }
}
