import AlarmCore
import AlarmAudio
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Where a device name leads, as `doctor` reports it: PipeWire or PulseAudio (through ALSA's
/// plugin for them) or a card, whether that server runs and for whom, and who holds the card.
/// A system service on a desktop goes wrong exactly here: `default` is PipeWire, which runs only
/// inside a logged-in user's session, and the card is busy while it holds it.
public struct AudioPath: Sendable, Equatable {
    public enum Server: String, Sendable, Equatable {
        case pipeWire = "PipeWire"
        case pulseAudio = "PulseAudio"
    }

    public var device: String
    /// ALSA's plugin type for the name (`pipewire`, `pulse`, `hw`, ...), nil when undefined.
    public var pluginType: String?
    /// The user `doctor` runs as (the one `run` would run as with the same environment).
    public var user: String
    /// Whether the server's socket for this user answers; the socket's path.
    public var serverRunning = false
    public var socket: String?
    /// Users whose session runs that server (`/run/user/UID/...`), for the advice.
    public var serverUsers: [String] = []
    /// Programs holding a card's playback PCM open (`/proc/asound/card*/pcm*p/sub*/status`).
    public var cardHolders: [String] = []

    public init(device: String, pluginType: String?, user: String) {
        self.device = device
        self.pluginType = pluginType
        self.user = user
    }

    public var server: Server? {
        switch pluginType {
        case "pipewire": return .pipeWire
        case "pulse": return .pulseAudio
        default: return nil
        }
    }

    /// A card opened directly, without a server: `hw`, or ALSA's standard names in front of one.
    public var isCard: Bool {
        pluginType == "hw" || ["hw", "plughw", "dmix", "sysdefault", "front"].contains(String(device.prefix { $0 != ":" }))
    }

    public var check: DoctorCheck {
        let name = "audio path \(device)"
        if let server {
            let what = tr("{device} is {server} (ALSA plugin '{plugin}')", ["device": device, "server": server.rawValue, "plugin": pluginType ?? ""])
            if serverRunning { return .ok(name, tr("{path}, running for {user}", ["path": what, "user": user])) }
            let others = serverUsers.filter { $0 != user }
            let elsewhere = others.isEmpty ? "" : tr("; it runs for {users}", ["users": others.joined(separator: ", ")])
            let owner = others.first ?? user
            return DoctorCheck(name, .failed, tr("{path}, but no {server} runs for {user}", ["path": what, "server": server.rawValue, "user": user]) + elsewhere,
                               fix: tr("run alarmplay as {owner}'s user service with lingering (alarmplay install-service; sudo loginctl enable-linger {owner}), or list a card after it (--device {device} --device plughw:CARD=...)", ["owner": owner, "device": device]))
        }
        if isCard {
            guard cardHolders.isEmpty else {
                return DoctorCheck(name, .failed, tr("{device} is a card, held by {holders}", ["device": device, "holders": cardHolders.joined(separator: ", ")]),
                                   fix: tr("a sound server holds the card while its session runs: ring through it (a user service, --device default) or through dmix"))
            }
            return .ok(name, tr("{device} is a card, opened directly (no sound server); nobody holds it", ["device": device]))
        }
        guard let pluginType else {
            return DoctorCheck(name, .failed, tr("ALSA knows no device {device}", ["device": device]), fix: tr("pick one from 'alarmplay devices'"))
        }
        return .ok(name, tr("{device} is an ALSA '{plugin}' device", ["device": device, "plugin": pluginType]))
    }
}

extension AudioPath {
    /// Looks at this machine: ALSA's configuration, the server sockets, /proc/asound.
    public static func inspect(_ device: String, environment: Environment, user: String) -> AudioPath {
        var path = AudioPath(device: device, pluginType: ALSADevices.pluginType(of: device), user: user)
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        switch path.server {
        case .pipeWire:
            path.socket = (environment["PIPEWIRE_RUNTIME_DIR"] ?? runtime) + "/pipewire-0"
            path.serverUsers = sessionUsers(running: "pipewire-0")
        case .pulseAudio:
            let configured = environment["PULSE_SERVER"].flatMap { $0.hasPrefix("unix:") ? String($0.dropFirst(5)) : nil }
            path.socket = configured ?? runtime + "/pulse/native"
            path.serverUsers = sessionUsers(running: "pulse/native")
        case nil:
            if path.isCard { path.cardHolders = cardHolders() }
        }
        path.serverRunning = path.socket.map { ControlClient.isListening(path: $0) } ?? false
        return path
    }

    /// Users with a live `name` socket in their session's runtime folder.
    private static func sessionUsers(running name: String) -> [String] {
        let uids = (FileSystem.contents(of: "/run/user") ?? []).compactMap { UInt32($0) }.sorted()
        return uids.filter { ControlClient.isListening(path: "/run/user/\($0)/\(name)") }.map(userName)
    }

    private static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }

    /// `COMMAND (pid N) on cardC` for every open playback substream.
    private static func cardHolders() -> [String] {
        var holders: [String] = []
        for card in (FileSystem.contents(of: "/proc/asound") ?? []).filter({ $0.hasPrefix("card") }).sorted() {
            for pcm in (FileSystem.contents(of: "/proc/asound/\(card)") ?? []).filter({ $0.hasPrefix("pcm") && $0.hasSuffix("p") }) {
                for sub in (FileSystem.contents(of: "/proc/asound/\(card)/\(pcm)") ?? []).filter({ $0.hasPrefix("sub") }) {
                    let status = FileSystem.readText("/proc/asound/\(card)/\(pcm)/\(sub)/status") ?? ""
                    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("owner_pid") }),
                          let pid = line.split(separator: ":").last.map({ $0.filter { $0 != " " && $0 != "\t" } })
                    else { continue }
                    let command = FileSystem.readText("/proc/\(pid)/comm")?.split(separator: "\n").first.map(String.init) ?? "?"
                    holders.append("\(command) (pid \(pid)) on \(card)")
                }
            }
        }
        return holders
    }
}
