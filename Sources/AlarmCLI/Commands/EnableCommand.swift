import AlarmCore

/// `alarmplay enable ID`: switches an alarm on.
public enum EnableCommand: Command {
    public static let spec = CommandSpec(
        name: "enable",
        abstract: tr("Switch an alarm on."),
        arguments: [AlarmEditOptions.idArgument],
        options: AlarmEditOptions.common,
        discussion: tr("A one-shot without a date rings at the next occurrence of its time after it is switched on.")
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        try AlarmEditOptions.setEnabled(true, arguments, context: context)
    }
}
