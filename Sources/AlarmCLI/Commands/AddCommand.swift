import AlarmCore

/// `alarmplay add TIME`: appends an alarm to the alarms file (creating it if needed).
public enum AddCommand: Command {
    public static let spec = CommandSpec(
        name: "add",
        abstract: tr("Add an alarm."),
        arguments: [ArgumentSpec("TIME", optional: true, help: tr("When it rings: 07:00, 7:05, 07:05:30, 6:45pm, 12am (or --times)."))],
        options: AlarmEditOptions.settings + [
            .value("id", "ID", help: tr("How to refer to it (default: from the label or the time, e.g. 06h45).")),
        ] + AlarmEditOptions.common,
        discussion: tr("""
            Without --days or --date it rings once, at the next TIME after 'run' picks it up
            (a running 'run' does so at once), and is then done.
            """) + "\n" + AlarmEditOptions.valuesDiscussion
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        guard arguments.positional(0) != nil || arguments.value("times") != nil else {
            throw UsageError(tr("add needs TIME, or --times with a time per day"), command: "add")
        }
        let changes = try AlarmEditOptions.changes(arguments, time: arguments.positional(0))
        // Said in options' words before the file is touched (the file's own check names its keys).
        if arguments.value("every") != nil, arguments.value("from") == nil {
            let today = LocalTimeZone.current.localTime(at: SystemClock().now().seconds).date
            throw UsageError("--every: " + tr("needs --from DATE, the date it counts from (e.g. --from {today})", ["today": today.description]))
        }
        // A file deleted under a running `run` is made again from the schedule it rings, as the
        // page's add does: made from nothing, it would replace that schedule with one alarm.
        let path = AlarmEditOptions.path(arguments, context: context)
        let inForce = FileSystem.exists(path) ? nil : MissingAlarmsFile.scheduleInForce(path: path, context: context)
        let (file, index) = try AlarmEditOptions.update(arguments, context: context, whenMissing: inForce?.document ?? AlarmEdit.emptyDocument,
                                                        timeName: "TIME") {
            try AlarmFileEdits.add(changes, to: $0, today: LocalTimeZone.current.localTime(at: SystemClock().now().seconds).date)
        }
        let alarm = file.alarms[index]
        if let inForce {
            context.console.out(trn("made {path} again from the {n} alarm 'run' rings", "made {path} again from the {n} alarms 'run' rings",
                                    inForce.alarms.count, ["path": file.path]))
        }
        context.console.out(tr("added {id} to {path}", ["id": alarm.name, "path": file.path]))
        AlarmEditOptions.show(alarm, in: file, arguments, context: context)
        return .success
    }
}
