import AlarmCore
import AlarmRuntime

/// `alarmplay shift ID TIME`, `--by OFFSET`, `--clear`: moves only the next ring of an alarm.
public enum ShiftCommand: Command {
    public static let spec = CommandSpec(
        name: "shift",
        abstract: tr("Move only the next ring of an alarm ('--clear' undoes it)."),
        arguments: [AlarmEditOptions.idArgument, ArgumentSpec("TIME", optional: true, help: tr("When the next ring rings instead, e.g. 07:30 (on the ring's day)."))],
        options: [
            .value("by", "OFFSET", help: tr("Move it by an offset instead: 30m later, -15m earlier.")),
            .flag("clear", help: tr("Put the next ring back where the alarm's schedule has it.")),
        ] + AlarmEditOptions.common,
        discussion: tr("""
            Writes the move into the alarm as "shift": {"from": ISO, "to": ISO}, so a running
            'alarmplay run' honours it at once; after that ring the alarm rings at its own times
            again. 'list' and 'next' show 'moved once from 06:45'. The ring cannot move past the
            ring after it, nor into the past. Changing the alarm's time or days cancels the move.
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let target = try self.target(arguments)
        let state = StateStore(environment: context.environment).load().state.schedule
        let format = TimeFormat()
        let (file, (index, shift)) = try AlarmEditOptions.update(arguments, context: context) { file in
            guard let target else {
                let outcome = try AlarmFileEdits.unshift(arguments.positionals[0], in: file)
                return (outcome.edit, (outcome.result, RingShift?.none))
            }
            let (outcome, shift) = try AlarmFileEdits.shift(
                arguments.positionals[0], target, in: file, state: state, now: SystemClock().now().seconds, format: format)
            return (outcome.edit, (outcome.result, shift))
        }
        let alarm = file.alarms[index]
        if let shift {
            context.console.out(tr("{id} rings {to} instead of {from}, once; 'alarmplay shift {id} --clear' undoes it", [
                "id": alarm.name, "to": format.short(shift.to), "from": format.short(shift.from),
            ]))
        } else {
            context.console.out(tr("{id} rings at its own time next", ["id": alarm.name]))
        }
        AlarmEditOptions.show(alarm, in: file, arguments, context: context)
        return .success
    }

    /// Nil for `--clear`.
    private static func target(_ arguments: ParsedArguments) throws -> RingShift.Target? {
        let given = [arguments.positional(1) != nil, arguments.value("by") != nil, arguments.flag("clear")].filter { $0 }.count
        guard given == 1 else { throw UsageError(tr("give one of TIME, --by OFFSET or --clear"), command: spec.name) }
        if arguments.flag("clear") { return nil }
        if let by = arguments.value("by") {
            return try parse(by.hasPrefix("-") || by.hasPrefix("+") ? by : "+" + by, option: "--by")
        }
        let target = try parse(arguments.positional(1)!, option: "TIME")
        guard case .time = target else { throw BadValue("TIME", problem: tr("give a time such as 07:30, or --by for an offset")) }
        return target
    }

    private static func parse(_ text: String, option: String) throws(BadValue) -> RingShift.Target {
        do {
            return try RingShift.Target(parsing: text)
        } catch {
            throw BadValue(option, problem: error.message)
        }
    }
}
