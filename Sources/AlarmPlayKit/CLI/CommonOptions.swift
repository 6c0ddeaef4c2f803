/// Options several commands share, spelled the same everywhere.
extension OptionSpec {
    public static let sounds = OptionSpec.value(
        "sounds", "DIR", repeatable: true, help: "Also look for sound files in DIR.")
    public static let device = OptionSpec.value(
        "device", "PCM", short: "D", help: "ALSA playback device (default: default; see 'alarmplay devices').")
    public static let json = OptionSpec.flag("json", help: "Print JSON instead of text.")
    public static let volume = OptionSpec.value("volume", "V", help: "Volume from 0.0 to 1.0.")
}

extension ParsedArguments {
    /// The registry over the standard providers, with this command's `--sounds` folders.
    public func soundRegistry(_ context: CommandContext) -> SoundRegistry {
        .standard(folders: SoundFolders(environment: context.environment, extra: all("sounds")))
    }

    public var device: String { value("device") ?? "default" }
}
