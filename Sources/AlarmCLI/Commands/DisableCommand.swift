import AlarmCore

/// `alarmplay disable ID`: switches an alarm off, keeping its settings.
public enum DisableCommand: Command {
    public static let spec = CommandSpec(
        name: "disable",
        abstract: tr("Switch an alarm off (it keeps its settings; 'enable' switches it back on)."),
        arguments: [AlarmEditOptions.idArgument],
        options: AlarmEditOptions.common,
        discussion: tr("Switching an alarm off cancels a skip. To skip only its next ring, use 'alarmplay skip ID'.")
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        try AlarmEditOptions.setEnabled(false, arguments, context: context)
    }
}
