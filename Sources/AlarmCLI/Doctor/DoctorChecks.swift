import AlarmCore
import AlarmAudio
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Each link of the chain from the alarms file to the speaker, as a small function that reads the
/// world (files, the device, the clock) but changes nothing, and needs no root.
public enum DoctorChecks {
    /// `explicit`: the path was given with --alarms, so the command that adds an alarm names it.
    public static func alarmsFile(path: String, explicit: Bool = false, sounds: SoundRegistry) -> (DoctorCheck, AlarmFile?) {
        do {
            let file = try AlarmFile.load(path: path, sounds: sounds)
            return (.ok("alarms file", trn("{path}: {n} alarm, {on} on", "{path}: {n} alarms, {on} on", file.alarms.count, ["path": path, "on": String(file.enabledCount)])), file)
        } catch AlarmFileError.missing {
            // The check says what is wrong, its fix what to do, once.
            let add = "alarmplay add 07:00 --days weekdays" + (explicit ? " --alarms " + path : "")
            return (DoctorCheck("alarms file", .failed, tr("no alarms file at {path}", ["path": path]), fix: tr("add one: {command}", ["command": add])), nil)
        } catch {
            let fix = error.exitCode == .noInput ? tr("check the file's permissions") : tr("fix it (alarmplay validate shows every problem)")
            return (DoctorCheck("alarms file", .failed, error.lines.joined(separator: "; "), fix: fix), nil)
        }
    }

    public static func nextRing(_ file: AlarmFile?, state: DaemonState, now: Int, format: TimeFormat = TimeFormat()) -> (DoctorCheck, Ring?) {
        guard let file else { return (DoctorCheck("next ring", .failed, tr("none: the alarms file cannot be read")), nil) }
        guard let next = Snapshot(file: file, state: state, now: now).next else {
            return (DoctorCheck("next ring", .failed, tr("no alarm will ring"), fix: tr("switch one on or add one (alarmplay list)")), nil)
        }
        let label = next.alarm.label.map { " (\($0))" } ?? ""
        // A ring that follows the sun or a calendar says why it is then, as `next` does.
        let why = NextCommand.ruleWords(next, format: format).map { " (\($0))" } ?? ""
        let values = ["alarm": next.alarm.name + label, "time": format.short(next.at, from: now) + why, "relative": TimeFormat.relative(from: now, to: next.at)]
        let line = tr("{alarm} {time}, {relative}", values)
        // Ringing at a fallback because its calendar cannot be read is worth fixing.
        if case let .unread(_, problem)? = next.alarm.appointmentDay(forRingAt: next.at, zone: format.zone) {
            return (DoctorCheck("next ring", .advice, line, fix: tr("check the path or address its fromCalendar names ({problem})", ["problem": problem])), next)
        }
        return (.ok("next ring", line), next)
    }

    /// Opens the sound and decodes its first second.
    public static func sound(_ reference: SoundReference, registry: SoundRegistry) -> (DoctorCheck, (any AudioSource)?) {
        let name = "sound \(reference)"
        do {
            let entry = try registry.resolve(reference)
            let source = try registry.open(entry)
            var buffer = [Float](repeating: 0, count: source.format.sampleRate * source.format.channels)
            let frames = try source.read(into: &buffer, frames: source.format.sampleRate)
            guard frames > 0 else { return (DoctorCheck(name, .failed, tr("decodes to nothing"), fix: tr("replace the file")), nil) }
            try source.rewind()
            return (.ok(name, tr("{sound} opens and decodes ({format})", ["sound": entry.sound.name, "format": "\(source.format)"])), source)
        } catch {
            return (DoctorCheck(name, .failed, tr("{error} (the built-in tone would ring instead)", ["error": "\(error)"]), fix: tr("pick another sound or fix the file")), nil)
        }
    }

    /// Opens the device at the sound's format; with `play`, a second of it at a tenth of full scale.
    public static func device(_ device: String, source: any AudioSource, play: Bool) -> DoctorCheck {
        let name = "device \(device)"
        do {
            let output = try ALSAOutput(device: device, format: source.format, sixteenBit: source.isSixteenBit)
            guard play else { return .ok(name, tr("opens at {format}", ["format": "\(source.format)"])) }
            let frames = source.format.sampleRate
            var buffer = [Float](repeating: 0, count: frames * source.format.channels)
            let read = try source.read(into: &buffer, frames: frames)
            for index in 0..<(read * source.format.channels) { buffer[index] *= 0.1 }
            try buffer.withUnsafeBufferPointer { try output.write($0.baseAddress!, frames: read) }
            output.drain { false }
            return .ok(name, tr("opens at {format} and played one second", ["format": "\(source.format)"]))
        } catch {
            return DoctorCheck(name, .failed, "\(error)", fix: tr("pick a device from 'alarmplay devices' (--device), or check the cable and the sound server"))
        }
    }

    /// The checks of a device order: while one device works, the others' failures are advice,
    /// as the ring goes on there.
    public static func inOrder(_ checks: [DoctorCheck]) -> [DoctorCheck] {
        let opens = checks.contains { $0.name.hasPrefix("device ") && $0.outcome == .ok }
        guard opens else { return checks }
        return checks.map { check in
            guard check.outcome == .failed else { return check }
            var advice = check
            advice.outcome = .advice
            advice.message = tr("{message} (another device of the order rings instead)", ["message": advice.message])
            return advice
        }
    }

    public static func mixer(_ device: String, forceAudible: Bool) -> DoctorCheck {
        guard let mixer = ALSAMixer(device: device) else {
            return .ok("mixer", tr("{device} has no mixer to check", ["device": device]))
        }
        let quiet = mixer.inaudibleControls(floor: MixerGuard.audibleFloor)
        guard !quiet.isEmpty else { return .ok("mixer", tr("{control}: not muted, not turned down", ["control": mixer.control])) }
        let found = tr("{control}: {channels} muted or below half", ["control": mixer.control, "channels": quiet.joined(separator: ", ")])
        if forceAudible { return .ok("mixer", tr("{problem}; alarms unmute it while they ring (forceAudible)", ["problem": found])) }
        return DoctorCheck("mixer", .failed, found, fix: tr("unmute it (alsamixer, pactl) or set \"forceAudible\": true"))
    }

    /// `canWake`: whether CLOCK_REALTIME_ALARM could be armed; `rtc`: whether the RTC can wake.
    public static func wake(canWake: Bool, reason: String?, rtc: Bool) -> DoctorCheck {
        let ability = WakeAbility(alarmClock: canWake, problem: reason, rtc: rtc)
        guard let missing = ability.reason else { return .ok("wake from suspend", tr("possible (CAP_WAKE_ALARM, {rtc})", ["rtc": WakeAbility.rtcPath])) }
        return DoctorCheck("wake from suspend", .advice, tr("not possible: {reason}", ["reason": missing]),
                           fix: tr("only matters if this machine suspends: run as a system service (sudo alarmplay install-service --system) or keep it awake"))
    }

    /// From `adjtimex`'s state: TIME_ERROR means the kernel does not consider the clock synchronised.
    public static func clock(synchronised: Bool) -> DoctorCheck {
        synchronised ? .ok("clock", tr("synchronised"))
            : DoctorCheck("clock", .advice, tr("not synchronised"), fix: tr("enable NTP (timedatectl set-ntp true) so alarms ring at the right minute"))
    }

    public static func timeZone(_ zone: LocalTimeZone = .current, now: Int) -> DoctorCheck {
        let local = zone.localTime(at: now)
        let offset = local.utcOffset
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let zoneName = Environment.current()["TZ"] ?? FileSystem.zoneName() ?? tr("system default")
        return .ok("time zone", "\(zoneName) (\(local.abbreviation), UTC\(sign)\(minutes / 60 < 10 ? "0" : "")\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60))")
    }

    public static func stateFolder(_ folder: String) -> DoctorCheck {
        let probe = folder + "/.doctor-\(getpid())"
        do {
            try AtomicFile.write("", to: probe, mode: 0o600)
            unlink(probe)
            return .ok("state folder", tr("{folder} is writable", ["folder": folder]))
        } catch {
            return DoctorCheck("state folder", .failed, error.description, fix: tr("make {folder} writable: snoozes and done alarms are kept there", ["folder": folder]))
        }
    }

    /// Whether a `run` answers on the control socket.
    public static func running(socket: String) -> DoctorCheck {
        do {
            let reply = try ControlClient.send("status", path: socket)
            let status = try? JSONParser.parseStrict(reply)
            let wake = status?["wake"]?["canWake"]?.boolValue.map { $0 ? tr(", can wake the machine") : tr(", cannot wake the machine") } ?? ""
            let priority = status?["priority"]?["scheduler"]?.stringValue.map {
                $0 == "rr" ? tr(", real-time priority") : tr(", normal priority (the system service gets real-time)")
            } ?? ""
            return .ok("alarmplay run", tr("up on {socket}", ["socket": socket]) + wake + priority)
        } catch {
            return DoctorCheck("alarmplay run", .failed, tr("not running ({socket})", ["socket": socket]),
                               fix: tr("start it: alarmplay install-service, then systemctl --user enable --now alarmplay"))
        }
    }
}

extension DoctorChecks {
    /// The unit `install-service` writes, whether it is enabled, and lingering for a user service
    /// (without it a user service starts only at login). Read from files: no systemctl, no root.
    public static func service(environment: Environment, user: String) -> DoctorCheck {
        let userUnit = SystemdUnit.path(.user, environment: environment)
        let systemUnit = SystemdUnit.path(.system(user: user), environment: environment)
        if FileSystem.exists(systemUnit) {
            let enabled = FileSystem.exists("/etc/systemd/system/multi-user.target.wants/" + SystemdUnit.name)
            return enabled ? .ok("service", tr("system service installed and enabled"))
                : DoctorCheck("service", .advice, tr("system service installed but not enabled"), fix: "sudo systemctl enable --now alarmplay")
        }
        guard FileSystem.exists(userUnit) else {
            return DoctorCheck("service", .advice, tr("not installed: 'run' will not start at boot"), fix: "alarmplay install-service")
        }
        let enabled = FileSystem.exists(FileSystem.parent(of: userUnit) + "/default.target.wants/" + SystemdUnit.name)
        guard enabled else {
            return DoctorCheck("service", .advice, tr("user service installed but not enabled"), fix: "systemctl --user enable --now alarmplay")
        }
        guard FileSystem.exists("/var/lib/systemd/linger/" + user) else {
            return DoctorCheck("service", .advice, tr("user service enabled, but starts only when you log in"),
                               fix: tr("sudo loginctl enable-linger {user} to start it at boot", ["user": user]))
        }
        return .ok("service", tr("user service installed, enabled, lingering"))
    }
}
