import AlarmCore
import AlarmRuntime

/// `alarmplay validate`: checks the alarms file and says when the next alarm rings.
public enum ValidateCommand: Command {
    public static let spec = CommandSpec(
        name: "validate",
        abstract: tr("Check the alarms file and show when the next alarm rings."),
        options: [AlarmFileOptions.alarms, .sounds],
        discussion: tr("""
            Prints every problem as FILE:LINE:COL: message (exit 65), or a one-line summary (exit 0)
            that names each skipDays calendar and how many days of the coming year it skips; a calendar
            that cannot be read (missing, or FILE:LINE: message where it does not parse) is a warning
            naming the alarms that ring on its days until it can (exit 0).
            A missing file exits 66.
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let file = try AlarmFileOptions.load(arguments, context: context, warnsOfCalendars: false)
        let now = SystemClock().now().seconds
        for warning in file.warnings(at: now) { context.console.err(tr("warning: {message}", ["message": warning])) }
        context.console.out(summary(of: file, state: StateStore(environment: context.environment).load().state, now: now, format: TimeFormat()))
        return .success
    }

    /// `3 alarms, 2 enabled; next: work, Mon 07 Dec 06:45 (in 14h 2m)`
    package static func summary(of file: AlarmFile, state: DaemonState, now: Int, format: TimeFormat) -> String {
        var parts = [trn("{n} alarm, {enabled} enabled", "{n} alarms, {enabled} enabled", file.alarms.count, ["enabled": String(file.enabledCount)])]
        let snapshot = Snapshot(file: file, state: state, now: now)
        if let pause = snapshot.pausedUntil { parts.append(tr("paused until {date}", ["date": pause.description])) }
        if let ring = snapshot.next {
            parts.append(tr("next: {id}, {time} ({relative})", [
                "id": ring.alarm.name, "time": format.short(ring.at, from: now), "relative": TimeFormat.relative(from: now, to: ring.at),
            ]))
        } else {
            parts.append(tr("nothing scheduled"))
        }
        return parts.joined(separator: "; ") + calendarSummary(file, now: now)
    }

    /// `; calendars: holidays.ics (12 days in the coming year)`, each calendar once.
    package static func calendarSummary(_ file: AlarmFile, now: Int, zone: LocalTimeZone = .current) -> String {
        var seen: Set<String> = []
        let calendars = file.alarms.flatMap(\.skipDays.calendars).filter { seen.insert($0.name).inserted }
        guard !calendars.isEmpty else { return "" }
        let today = zone.localTime(at: now).date
        let end = today.adding(days: 366)
        let listed = calendars.map { calendar in
            if calendar.problem != nil { return tr("{name} (cannot be read)", ["name": calendar.name]) }
            let days = calendar.days.keys.count { $0 >= today && $0 < end }
            return trn("{name} ({n} day in the coming year)", "{name} ({n} days in the coming year)", days, ["name": calendar.name])
        }
        return "; " + tr("calendars: {calendars}", ["calendars": listed.joined(separator: ", ")])
    }
}
