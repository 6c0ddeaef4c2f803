/// Options several commands share, spelled the same everywhere.
extension OptionSpec {
    public static let sounds = OptionSpec.value(
        "sounds", "DIR", repeatable: true, help: "Also look for sound files in DIR.")
    public static let device = OptionSpec.value(
        "device", "PCM", short: "D", help: "ALSA playback device (default: default; see 'alarmplay devices').")
    public static let json = OptionSpec.flag("json", help: "Print JSON instead of text.")
    public static let http = OptionSpec.value(
        "http", "ADDR:PORT", help: "Serve the phone page here (default: 127.0.0.1:8137; 0.0.0.0:8137 for the LAN).")
    public static let noHTTP = OptionSpec.flag("no-http", help: "Do not serve the phone page.")
    public static let volume = OptionSpec.value("volume", "V", help: "Volume from 0.0 to 1.0.")
}

extension ParsedArguments {
    /// The registry over the standard providers, with this command's `--sounds` folders.
    public func soundRegistry(_ context: CommandContext) -> SoundRegistry {
        .standard(folders: SoundFolders(environment: context.environment, extra: all("sounds")))
    }

    public var device: String { value("device") ?? "default" }

    /// Where `run` serves the page: nil with --no-http.
    public func httpAddress() throws(UsageError) -> HTTPAddress? {
        if flag("no-http") {
            guard value("http") == nil else { throw UsageError("--http and --no-http cannot be used together") }
            return nil
        }
        return try value("http").map(HTTPAddress.init(parsing:)) ?? .default
    }
}
