/// `alarmplay unskip ID`: undoes `alarmplay skip ID`.
public enum UnskipCommand: Command {
    public static let spec = CommandSpec(
        name: "unskip",
        abstract: "Undo 'alarmplay skip': the alarm rings at its next time again.",
        arguments: [AlarmEditOptions.idArgument],
        options: AlarmEditOptions.common
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (file, (index, changed)) = try AlarmEditOptions.update(arguments, context: context) { file in
            let alarm = try AlarmEditOptions.alarm(arguments.positionals[0], in: file)
            guard alarm.skip != nil else { return (nil, (alarm.position - 1, false)) }
            var alarms = AlarmEdit.alarms(of: file.document)
            alarms[alarm.position - 1]["skip"] = nil
            let document = AlarmEdit.replacingAlarms(of: file.document, with: alarms)
            return (AlarmEdit(document: document, alarmIndex: alarm.position - 1), (alarm.position - 1, true))
        }
        let alarm = file.alarms[index]
        context.console.out(changed ? "\(alarm.name) no longer skips a ring" : "\(alarm.name) skips no ring")
        AlarmEditOptions.show(alarm, arguments, context: context)
        return .success
    }
}
