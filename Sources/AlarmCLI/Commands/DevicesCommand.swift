import AlarmCore
import AlarmAudio

/// `alarmplay devices`: the ALSA playback PCMs, like `aplay -L`.
public enum DevicesCommand: Command {
    public static let spec = CommandSpec(
        name: "devices",
        abstract: tr("List ALSA playback devices for --device."),
        options: [.json],
        discussion: tr("Pass a NAME to --device (e.g. --device pulse, --device plughw:CARD=Headphones).")
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let devices = ALSADevices.playback()
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(JSONValue.array(devices.map {
                .object([("name", .string($0.name)), ("description", .string($0.description))])
            })))
            return .success
        }
        for device in devices {
            context.console.out(device.name)
            if !device.description.isEmpty { context.console.out("    " + device.description) }
        }
        return .success
    }
}
