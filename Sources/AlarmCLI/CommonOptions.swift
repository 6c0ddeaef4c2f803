import AlarmCore
import AlarmAudio
import AlarmRuntime

/// Options several commands share, spelled the same everywhere.
extension OptionSpec {
    public static let sounds = OptionSpec.value(
        "sounds", "DIR", repeatable: true, help: tr("Also look for sound files in DIR."))
    public static let device = OptionSpec.value(
        "device", "PCM", short: "D", repeatable: true,
        help: tr("ALSA playback device (default: default; see 'alarmplay devices'); several are tried in order."))
    public static let json = OptionSpec.flag("json", help: tr("Print JSON instead of text."))
    public static let http = OptionSpec.value(
        "http", "ADDR:PORT", help: tr("Serve the phone page here (default: 127.0.0.1:8137; 0.0.0.0:8137 for the LAN)."))
    public static let noHTTP = OptionSpec.flag("no-http", help: tr("Do not serve the phone page."))
    public static let wakeEarly = OptionSpec.value(
        "wake-early", "DURATION", help: tr("Wake a suspended machine this long before a ring (default 60s)."))
    /// `run`'s Home Assistant options, in the order `install-service` passes them on.
    public static let mqtt: [OptionSpec] = [
        .value("mqtt", "URL", help: tr("Join an MQTT broker for Home Assistant: mqtt://HOST[:1883], mqtts://HOST[:8883], unix:/PATH.")),
        .value("mqtt-id", "NAME", help: tr("This device's id on the broker (default: the host name).")),
        .value("mqtt-name", "NAME", help: tr("Its name in Home Assistant (default: \"alarmplay on HOST\").")),
        .value("mqtt-user", "USER", help: tr("Broker user name.")),
        .value("mqtt-password-file", "FILE", help: tr("Broker password, read from FILE (or $ALARMPLAY_MQTT_PASSWORD).")),
    ]
    public static let volume = OptionSpec.value("volume", "V", help: tr("Volume from 0.0 to 1.0."))
}

extension ParsedArguments {
    /// The registry over the standard providers, with this command's `--sounds` folders.
    public func soundRegistry(_ context: CommandContext) -> SoundRegistry {
        .standard(folders: SoundFolders(environment: context.environment, extra: all("sounds")))
    }

    /// `--device` in the order given; `default` when none.
    public var devices: [String] {
        let given = all("device")
        return given.isEmpty ? ["default"] : given
    }

    /// The first `--device`: where a preview plays (it shows what fails rather than falling back).
    public var device: String { devices[0] }

    /// The broker settings, nil without --mqtt. The password is read here, never taken from the
    /// command line.
    public func mqttSettings(_ environment: Environment) throws -> MQTTSettings? {
        guard let url = value("mqtt") else {
            if let stray = ["mqtt-id", "mqtt-name", "mqtt-user", "mqtt-password-file"].first(where: { value($0) != nil }) {
                throw UsageError(tr("--{option} needs --mqtt URL", ["option": stray]))
            }
            return nil
        }
        let host = HostName.current()
        var password = environment["ALARMPLAY_MQTT_PASSWORD"]
        if let file = value("mqtt-password-file") {
            guard let text = FileSystem.readText(file) else {
                throw FileReadError(path: file, reason: FileSystem.lastErrorDescription())
            }
            password = String(text.prefix { $0 != "\n" && $0 != "\r" })
        }
        let id = value("mqtt-id").map(MQTTDeviceID.topicSafe) ?? MQTTDeviceID.topicSafe(host)
        return MQTTSettings(
            broker: try MQTTBroker(parsing: url), deviceID: id, deviceName: value("mqtt-name") ?? "alarmplay on \(host)",
            username: value("mqtt-user"), password: password)
    }

    /// Seconds to wake a suspended machine ahead of a ring (`--wake-early`, default 60 s).
    public func wakeEarly() throws(BadValue) -> Int {
        guard let text = value("wake-early") else { return 60 }
        let seconds: Int
        do { seconds = try DurationText.parse(text) } catch { throw BadValue("--wake-early", problem: error.message) }
        guard seconds <= 3600 else { throw BadValue("--wake-early", problem: tr("at most 1h, not {value}", ["value": text])) }
        return seconds
    }

    /// Where `run` serves the page: nil with --no-http.
    public func httpAddress() throws -> HTTPAddress? {
        if flag("no-http") {
            guard value("http") == nil else { throw UsageError.together("http", "no-http") }
            return nil
        }
        return try value("http").map(HTTPAddress.init(parsing:)) ?? .default
    }
}
