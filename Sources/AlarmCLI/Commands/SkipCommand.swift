import AlarmCore
import AlarmRuntime

/// `alarmplay skip ID`: skips only the next ring of an alarm ("dismiss upcoming alarm").
public enum SkipCommand: Command {
    public static let spec = CommandSpec(
        name: "skip",
        abstract: tr("Skip only the next ring of an alarm ('alarmplay unskip ID' undoes it)."),
        arguments: [AlarmEditOptions.idArgument],
        options: AlarmEditOptions.common,
        discussion: tr("""
            Writes the skipped ring into the alarm as "skip": "2026-12-07T06:45:00+01:00", so a
            running 'alarmplay run' honours it at once. 'list' shows 'skipped once'. Skipping a
            one-shot means it will not ring. Changing the alarm's time or days cancels the skip.
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let state = StateStore(environment: context.environment).load().state.schedule
        let format = TimeFormat()
        let (file, (index, ring, changed)) = try AlarmEditOptions.update(arguments, context: context) { file in
            let (outcome, ring) = try AlarmFileEdits.skip(
                arguments.positionals[0], in: file, state: state, now: SystemClock().now().seconds, format: format)
            return (outcome.edit, (outcome.result, ring, outcome.edit != nil))
        }
        let alarm = file.alarms[index]
        let said = changed ? tr("{id} skips its ring of {time}; 'alarmplay unskip {id}' undoes it")
            : tr("{id} already skips its ring of {time}; 'alarmplay unskip {id}' undoes it")
        context.console.out(said.filling(["id": alarm.name, "time": format.short(ring)]))
        AlarmEditOptions.show(alarm, in: file, arguments, context: context)
        return .success
    }
}
