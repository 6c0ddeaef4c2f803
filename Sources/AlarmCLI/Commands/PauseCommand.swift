import AlarmCore
import AlarmRuntime

/// `alarmplay pause --until DATE | --for DURATION` and `alarmplay resume`: holiday mode, kept in
/// the alarms file as `"pausedUntil"` through the same locked writer as every edit.
public enum PauseCommand: Command {
    public static let spec = CommandSpec(
        name: "pause",
        abstract: tr("Keep every alarm from ringing until a date ('alarmplay resume' ends it early)."),
        options: [
            .value("until", "YYYY-MM-DD", help: tr("Alarms ring again from this date on.")),
            .value("for", "DURATION", help: tr("Or for this many days or weeks of rings, e.g. 2w, 10d, from the day of the next ring.")),
        ] + AlarmEditOptions.common,
        discussion: tr("'run' logs event=skipped reason=paused for each ring it holds; list, next and status say so.")
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let today = LocalTimeZone.current.localTime(at: SystemClock().now().seconds).date
        let until: CalendarDate
        switch (arguments.value("until"), arguments.value("for")) {
        case let (text?, nil):
            do { until = try CalendarDate(parsing: text) } catch { throw BadValue("--until", problem: error.message) }
        case let (nil, text?):
            guard let unit = text.last, let count = Int(text.dropLast()), count >= 1, count <= 3650, unit == "d" || unit == "w" else {
                throw BadValue("--for", problem: tr("a number of days or weeks such as 3d or 2w, not \"{value}\"", ["value": text]))
            }
            // Days of rings from the next one (any pause in force aside): `--for 1d` holds the
            // next morning's alarm whether it is asked at 03:00 or at 22:30.
            let file = try AlarmEditOptions.update(arguments, context: context) { (nil, $0) }.result
            let now = SystemClock().now().seconds
            var rings = RingTimeline(alarms: file.alarms, state: StateStore(environment: context.environment).load().state, after: now)
                .makeIterator()
            until = PauseRule.until(days: unit == "w" ? count * 7 : count, nextRing: rings.next()?.at, now: now)
        default:
            throw UsageError(tr("give --until YYYY-MM-DD or --for DURATION (e.g. --for 2w)"))
        }
        guard until > today else { throw BadValue("--until", problem: tr("{date} is not after today ({today})", ["date": until.description, "today": today.description])) }
        _ = try AlarmEditOptions.update(arguments, context: context) { file in
            var document = file.document
            document.set("pausedUntil", .string(until.description), orderedBy: AlarmFileDecoder.topLevelKeys)
            return (AlarmEdit(document: document, alarmIndex: nil), ())
        }
        context.console.out(tr("paused: no alarm rings before {date}; 'alarmplay resume' ends it early", ["date": until.description]))
        return .success
    }
}

public enum ResumeCommand: Command {
    public static let spec = CommandSpec(
        name: "resume", abstract: tr("End a pause: alarms ring again at their next time."), options: AlarmEditOptions.common)

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (_, was) = try AlarmEditOptions.update(arguments, context: context) { file in
            guard file.pausedUntil != nil else { return (nil, false) }
            var document = file.document
            document["pausedUntil"] = nil
            return (AlarmEdit(document: document, alarmIndex: nil), true)
        }
        context.console.out(was ? tr("resumed: alarms ring at their next time") : tr("not paused"))
        return .success
    }
}
