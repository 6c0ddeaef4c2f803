import AlarmCore

/// `alarmplay list`: every alarm, its settings, and when it rings next.
public enum ListCommand: Command {
    public static let spec = CommandSpec(
        name: "list",
        abstract: tr("List the alarms: when each rings next, its days or date, label and sound."),
        options: [.flag("json", help: tr("Print a JSON array of alarms."))] + AlarmEditOptions.common,
        discussion: tr("""
            NEXT is 'in 7h 12m (Mon 07 Dec 06:45)', 'skipped once, then ...' (see 'alarmplay skip'),
            'done' (a one-shot that has rung, or a date that has passed) or 'off'.
            SOUND is the sound's name and, in brackets, its index in 'alarmplay sounds'.
            Before the first alarm is added (no file at the default place) it says how to add one
            and exits 0; a missing file given with --alarms or $ALARMPLAY_ALARMS exits 66, as does
            a file deleted after it loaded (it says how to put it back: 'alarmplay restore').
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let path = AlarmEditOptions.path(arguments, context: context)
        let isDefault = arguments.value("alarms") == nil && context.environment["ALARMPLAY_ALARMS"] == nil
        if !FileSystem.exists(path), let gone = MissingAlarmsFile.find(path: path, context: context) { throw gone }
        if isDefault, !FileSystem.exists(path) {
            let hint = tr("no alarms yet; add one with: {command}", ["command": "alarmplay add 07:00 --days weekdays"])
            if arguments.flag("json") {
                context.console.out("[]")
                context.console.err(hint)
            } else {
                context.console.out(hint)
            }
            return .success
        }
        let file = try AlarmFileOptions.load(arguments, context: context)
        let (snapshot, listings) = AlarmEditOptions.listings(file, arguments, context: context)
        let format = TimeFormat()
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(.array(listings.map { $0.json(format: format) })))
        } else if listings.isEmpty {
            context.console.out(tr("no alarms in {path}; add one with: {command}", ["path": path, "command": "alarmplay add 07:00 --days weekdays"]))
        } else {
            if let pause = snapshot.pausedUntil {
                context.console.out(tr("paused until {time}: no alarm rings before it ('alarmplay resume' ends it)", ["time": "\(pause)"]))
            }
            for line in Table.render([AlarmListing.header] + listings.map { $0.row(format: format) }) {
                context.console.out(line)
            }
        }
        return .success
    }
}
