import AlarmCore
import AlarmAudio
import AlarmRuntime
import CLinuxShims

/// `alarmplay doctor`: checks every link the next alarm depends on, one line each, the evening
/// before rather than at 6:45.
public enum DoctorCommand: Command {
    public static let spec = CommandSpec(
        name: "doctor",
        abstract: tr("Check that the next alarm will ring: file, sounds, device, mixer, wake, service, clock, run."),
        options: [
            AlarmFileOptions.alarms, .device, .sounds,
            .flag("play", help: tr("Also play one second of the next alarm's sound, quietly.")),
            .json,
        ],
        discussion: tr("""
            One line per check, ✔, ✘ or ⚠ with what to do. Exit 0 when the next alarm will ring, 1 when
            something must be fixed first (lines marked ✘); lines marked ⚠ are advice (a device later in
            the order rings, or 'only matters if ...') and do not change the exit status. Give the same --device as 'run' uses: each device in
            the order is checked, with the audio path it takes (PipeWire, PulseAudio or a card,
            whether that server runs and for whom, who holds the card). Needs no root.
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        guard arguments.flag("json") else {
            let checks = self.checks(arguments, context: context)
            for check in checks { context.console.out(check.line) }
            let ready = !checks.contains { $0.outcome == .failed }
            context.console.out(ready ? tr("The next alarm will ring.") : tr("Fix the lines marked ✘ above, or the next alarm may not ring."))
            return ready ? .success : .failure
        }
        // JSON is for scripts: its messages stay English whatever the language, as the log does.
        let checks = Localizer("C").speaking { self.checks(arguments, context: context) }
        let ready = !checks.contains { $0.outcome == .failed }
        context.console.writeRaw(JSONWriter.pretty(["ready": .bool(ready), "checks": .array(checks.map(\.json))]))
        return ready ? .success : .failure
    }

    package static func checks(_ arguments: ParsedArguments, context: CommandContext) -> [DoctorCheck] {
        let environment = context.environment
        let registry = arguments.soundRegistry(context)
        let now = SystemClock().now().seconds
        let store = StateStore(environment: environment)
        var checks: [DoctorCheck] = []

        let (fileCheck, file) = DoctorChecks.alarmsFile(
            path: AlarmEditOptions.path(arguments, context: context), explicit: arguments.value("alarms") != nil, sounds: registry)
        checks.append(fileCheck)
        let (nextCheck, next) = DoctorChecks.nextRing(file, state: store.load().state, now: now)
        checks.append(nextCheck)
        if let file { checks += DoctorChecks.calendars(file, loader: CalendarLoader(alarmsPath: file.path, environment: environment, now: now)) }
        var seen = Set<String>()
        var nextSource: (any AudioSource)?
        for alarm in (file?.alarms ?? []).filter(\.enabled) where seen.insert(alarm.settings.sound.description).inserted {
            let (check, source) = DoctorChecks.sound(alarm.settings.sound, registry: registry)
            checks.append(check)
            if alarm.settings.sound == next?.alarm.settings.sound { nextSource = source }
        }
        let devices = DeviceFallback(DeviceFallback.asked(alarm: next?.alarm.settings.devices, commandLine: arguments.devices)).devices
        let user = environment["USER"] ?? environment["LOGNAME"] ?? InstallServiceCommand.currentUserName()
        var deviceChecks: [DoctorCheck] = []
        let source = nextSource ?? DoctorChecks.sound(AlarmSettings.builtIn.sound, registry: registry).1
        for device in devices {
            deviceChecks.append(AudioPath.inspect(device, environment: environment, user: user).check)
            if let source { deviceChecks.append(DoctorChecks.device(device, source: source, play: arguments.flag("play"))) }
        }
        checks += DoctorChecks.inOrder(deviceChecks)
        checks.append(DoctorChecks.mixer(devices[0], forceAudible: next?.alarm.settings.forceAudible ?? true))
        let timer = try? WallClockTimer(wakeFromSuspend: true)
        checks.append(DoctorChecks.wake(canWake: timer?.wakesFromSuspend ?? false, reason: timer?.noWakeReason,
                                        rtc: FileSystem.exists(WakeAbility.rtcPath)))
        checks.append(DoctorChecks.service(environment: environment, user: environment["USER"] ?? environment["LOGNAME"] ?? "root"))
        checks.append(DoctorChecks.clock(synchronised: alarmplay_clock_synchronised() != 0))
        checks.append(DoctorChecks.timeZone(now: now))
        checks.append(DoctorChecks.stateFolder(FileSystem.parent(of: store.path)))
        checks.append(DoctorChecks.running(socket: ControlSocketPath.resolve(environment)))
        return checks
    }
}
