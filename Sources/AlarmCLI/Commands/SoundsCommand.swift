import AlarmCore

/// `alarmplay sounds`: every sound with the index and name alarms use to pick it.
public enum SoundsCommand: Command {
    public static let spec = CommandSpec(
        name: "sounds",
        abstract: tr("List the sounds alarms can use, with their index and name."),
        options: [.sounds, .json],
        discussion: tr("""
            An alarm picks its sound by index ("sound": 2) or by name ("sound": "tone:chime").
            Built-in tones come first, so their indices never change; files follow, sorted by name.
            Sound files are read from the shipped Sounds/ folder, ~/.local/share/alarmplay/sounds,
            $ALARMPLAY_SOUNDS (colon-separated) and each --sounds DIR.
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let registry = arguments.soundRegistry(context)
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(JSONValue.array(registry.entries.map(\.json))))
            return .success
        }
        let rows = [["#", tr("NAME"), tr("TITLE"), tr("PROVIDER"), tr("DETAILS")]] + registry.entries.map {
            [String($0.index), $0.sound.name, $0.sound.titleWords, $0.sound.provider, details($0.sound)]
        }
        for line in Table.render(rows) { context.console.out(line) }
        return .success
    }

    package static func details(_ sound: Sound) -> String {
        let details = sound.details
        if let reason = details.brokenReason { return tr("BROKEN: {reason}", ["reason": reason]) }
        if let summary = details.summary { return summary }
        var parts: [String] = []
        if let seconds = details.durationSeconds { parts.append(TimeText.clock(seconds, tenths: true)) }
        if let rate = details.sampleRate { parts.append("\(rate) Hz") }
        if let channels = details.channels { parts.append(channels == 1 ? tr("mono") : channels == 2 ? tr("stereo") : tr("{n} ch", ["n": String(channels)])) }
        return parts.joined(separator: ", ")
    }
}
