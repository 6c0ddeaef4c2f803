import AlarmCore

/// `alarmplay remove ID`: deletes one alarm from the alarms file.
public enum RemoveCommand: Command {
    public static let spec = CommandSpec(
        name: "remove",
        abstract: tr("Delete an alarm."),
        arguments: [AlarmEditOptions.idArgument],
        options: AlarmEditOptions.common,
        discussion: tr("To keep an alarm but stop it ringing, use 'alarmplay disable ID'.")
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (_, removed) = try AlarmEditOptions.update(arguments, context: context) { file in
            let alarm = try AlarmFileEdits.alarm(arguments.positionals[0], in: file)
            return (try AlarmFileEdits.remove(alarm.name, from: file).edit, alarm)
        }
        let label = removed.label.map { ", \($0)" } ?? ""
        context.console.out(tr("removed {id} ({time} {days}{label})", [
            "id": removed.name, "time": removed.time.description, "days": removed.repeats.description, "label": label,
        ]))
        return .success
    }
}
