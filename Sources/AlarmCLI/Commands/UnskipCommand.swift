import AlarmCore

/// `alarmplay unskip ID`: undoes `alarmplay skip ID`.
public enum UnskipCommand: Command {
    public static let spec = CommandSpec(
        name: "unskip",
        abstract: tr("Undo 'alarmplay skip': the alarm rings at its next time again."),
        arguments: [AlarmEditOptions.idArgument],
        options: AlarmEditOptions.common
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (file, (index, changed)) = try AlarmEditOptions.update(arguments, context: context) { file in
            let outcome = try AlarmFileEdits.unskip(arguments.positionals[0], in: file)
            return (outcome.edit, (outcome.result, outcome.edit != nil))
        }
        let alarm = file.alarms[index]
        context.console.out((changed ? tr("{id} no longer skips a ring") : tr("{id} skips no ring")).filling(["id": alarm.name]))
        AlarmEditOptions.show(alarm, in: file, arguments, context: context)
        return .success
    }
}
