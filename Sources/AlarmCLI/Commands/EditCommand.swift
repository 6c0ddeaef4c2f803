import AlarmCore

/// `alarmplay edit ID`: changes some settings of one alarm, keeping the others as written.
public enum EditCommand: Command {
    public static let spec = CommandSpec(
        name: "edit",
        abstract: tr("Change an alarm's time, days, sound or other settings."),
        arguments: [AlarmEditOptions.idArgument],
        options: [.value("time", "TIME", help: tr("When it rings: 07:00, 7:05, 07:05:30, 6:45pm."))]
            + AlarmEditOptions.settings + [
                .flag("on", help: tr("Switch it on.")),
                .flag("no-days", help: tr("Remove its days (without a date or --every too, it rings once).")),
                .flag("no-date", help: tr("Remove its date (without days or --every too, it rings once).")),
                .value("id", "NEW", help: tr("Rename it.")),
            ] + AlarmEditOptions.common,
        discussion: tr("""
            Only what is given changes; other keys keep their values and places in the file.
            --days replaces a date and --date replaces days. --label "" removes the label.
            Changing the time, days or date (or switching it off) cancels a skip.
            --time replaces a time per day, the sun or a calendar that gave each day its time.
            """) + "\n" + AlarmEditOptions.valuesDiscussion
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let changes = try AlarmEditOptions.changes(arguments, time: nil)
        guard !changes.isEmpty else {
            throw UsageError(tr("nothing to change: give options such as --time 07:00 or --days weekdays"))
        }
        let reference = arguments.positionals[0]
        let (file, (index, replaced)) = try AlarmEditOptions.update(arguments, context: context) { file in
            // What a new time takes the place of, to say so.
            let rule = changes.values["time"] == nil ? nil : try AlarmFileEdits.alarm(reference, in: file).dayRuleText
            let outcome = try AlarmFileEdits.edit(reference, changes, in: file, today: LocalTimeZone.current.localTime(at: SystemClock().now().seconds).date)
            return (outcome.edit, (outcome.result, rule))
        }
        let alarm = file.alarms[index]
        context.console.out(tr("changed {id}", ["id": alarm.name]))
        if let replaced {
            context.console.out(tr("{id} rings at {time} on its days now, in place of {rule}", ["id": alarm.name, "time": alarm.time.description, "rule": replaced]))
        }
        AlarmEditOptions.show(alarm, in: file, arguments, context: context)
        return .success
    }
}
