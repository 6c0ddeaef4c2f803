/// The systemd unit that runs `alarmplay run` at boot, and how to switch it on.
public struct SystemdUnit: Sendable, Equatable {
    public enum Scope: Sendable, Equatable {
        /// The user's own service manager (`systemctl --user`); with lingering it starts at boot.
        case user
        /// The system manager, running as `user`.
        case system(user: String)
    }

    public var scope: Scope
    /// The absolute path of the binary and its arguments (`run`, options).
    public var command: [String]
    /// The first line: who wrote the unit and how to change it.
    public var header: String
    /// More `[Service]` lines, after the ones every unit has.
    public var extraService: [String] = []

    public init(scope: Scope, command: [String], header: String = SystemdUnit.writtenHeader) {
        self.scope = scope
        self.command = command
        self.header = header
    }

    public static let writtenHeader = "# Written by 'alarmplay install-service'; run it again after moving the binary."
    public static let packagedHeader =
        "# Shipped by the alarmplay package; 'alarmplay install-service' writes one with your own options."

    /// The units the Debian package ships: a user service, and a system service as the
    /// `alarmplay` system user of `sysusers`, its alarms in its home.
    public static func packaged(system: Bool) -> SystemdUnit {
        let executable = "/usr/bin/alarmplay"
        guard system else { return SystemdUnit(scope: .user, command: [executable, "run"], header: packagedHeader) }
        var unit = SystemdUnit(
            scope: .system(user: packagedUser), command: [executable, "run", "--alarms", packagedHome + "/alarms.json"],
            header: packagedHeader)
        // systemd makes the home, owned by the user: state and the page's token live there.
        unit.extraService = ["StateDirectory=alarmplay"]
        return unit
    }

    package static let packagedUser = "alarmplay"
    package static let packagedHome = "/var/lib/alarmplay"

    /// The package's sysusers.d file: the system service's user, in group `audio` for the sound cards.
    public static let sysusers = """
        u \(packagedUser) - "alarmplay alarm clock" \(packagedHome)
        m \(packagedUser) audio

        """

    public static let name = "alarmplay.service"
    /// Where a system service puts its control socket: a system service has no
    /// `$XDG_RUNTIME_DIR`, and `RuntimeDirectory=` makes this one, owned by its user.
    public static let systemSocket = "/run/alarmplay/control.sock"

    public static func path(_ scope: Scope, environment: Environment) -> String {
        switch scope {
        case .user: return environment.configHome + "/systemd/user/" + name
        case .system: return "/etc/systemd/system/" + name
        }
    }

    public var text: String {
        var service = ["ExecStart=" + command.map(Self.quote).joined(separator: " "), "Restart=on-failure", "RestartSec=10"]
        var target = "default.target"
        if case let .system(user) = scope {
            service += [
                "User=" + user,
                "SupplementaryGroups=audio",
                "# Lets 'run' wake the machine from suspend for an alarm (CLOCK_REALTIME_ALARM).",
                "AmbientCapabilities=CAP_WAKE_ALARM",
                "# The alarm before the machine's other work: 'run' puts its loop and its ringers on real-time",
                "# scheduling (CAP_SYS_NICE), and waits on the disk before other programs do.",
                "AmbientCapabilities=CAP_SYS_NICE",
                "Nice=-10",
                "IOSchedulingClass=best-effort",
                "IOSchedulingPriority=0",
                "RuntimeDirectory=alarmplay",
                "Environment=ALARMPLAY_SOCKET=" + Self.systemSocket,
            ]
            target = "multi-user.target"
        }
        service += extraService
        let lines = [
            header,
            "[Unit]",
            "Description=alarmplay alarm clock",
            "After=sound.target",
            "# Never give up restarting: an alarm clock that stopped is silent when it matters.",
            "StartLimitIntervalSec=0",
            "",
            "[Service]",
        ] + service + [
            "# No After=time-sync.target: a Pi without a real-time clock boots with a stale time, and",
            "# 'run' wakes when NTP steps the clock and works out its alarms again.",
            "",
            "[Install]",
            "WantedBy=" + target,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Commands to load and start the unit, one per line with a heading line before each group.
    public func instructions(userName: String) -> [String] {
        switch scope {
        case .user:
            return [
                "Start it now and at every login:",
                "  systemctl --user daemon-reload",
                "  systemctl --user enable --now \(Self.name)",
                "Start it at boot without logging in (a headless Pi):",
                "  sudo loginctl enable-linger \(userName)",
                "Follow its log:",
                "  journalctl --user -u alarmplay -f",
            ]
        case .system:
            return [
                "Start it now and at every boot:",
                "  sudo systemctl daemon-reload",
                "  sudo systemctl enable --now \(Self.name)",
                "Follow its log:",
                "  journalctl -u alarmplay -f",
                "'alarmplay snooze', 'stop' and 'status' reach it with ALARMPLAY_SOCKET=\(Self.systemSocket).",
            ]
        }
    }

    /// One word of `ExecStart=`: quoted when it holds spaces or quotes; `%` and `$` doubled,
    /// since systemd would expand them as specifiers and variables.
    public static func quote(_ argument: String) -> String {
        var escaped = ""
        var needsQuotes = argument.isEmpty || argument == ";"
        for character in argument {
            switch character {
            case "%": escaped += "%%"
            case "$": escaped += "$$"
            case "\\": escaped += "\\\\"; needsQuotes = true
            case "\"": escaped += "\\\""; needsQuotes = true
            case "\n": escaped += "\\n"; needsQuotes = true
            case "\t": escaped += "\\t"; needsQuotes = true
            default:
                if character.isWhitespace || character == "'" { needsQuotes = true }
                escaped.append(character)
            }
        }
        return needsQuotes ? "\"" + escaped + "\"" : escaped
    }
}
