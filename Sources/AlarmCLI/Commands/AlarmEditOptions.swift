import AlarmCore
import AlarmRuntime

/// What the commands that change alarms share: the options of `add` and `edit` (named like
/// the alarms file's keys), finding the alarm an ID names, the locked update, and printing
/// an alarm the way `list` does.
package enum AlarmEditOptions {
    /// Option → alarm key, for the options that set one key from their value.
    package static let keys: [(option: String, key: String)] = [
        ("time", "time"), ("times", "times"), ("days", "days"), ("date", "date"), ("every", "every"), ("from", "from"), ("monthly", "monthly"),
        ("yearly", "yearly"), ("until", "until"), ("label", "label"), ("sound", "sound"),
        ("volume", "volume"), ("snooze", "snooze"), ("max-snoozes", "maxSnoozes"), ("ring-for", "ringFor"),
        ("fade-in", "fadeIn"), ("id", "id"),
    ]

    package static let settings: [OptionSpec] = [
        .value("days", "DAYS", help: tr("Days it rings on: mon,wed,fri, weekdays, weekends or daily.")),
        .value("times", "DAY=TIME,...", help: tr("A time per day instead of TIME and --days: mon=6:30,sat=9:30 (weekdays=, weekends= too).")),
        .value("date", "YYYY-MM-DD", help: tr("Ring once, on this date.")),
        .value("every", "N{d|w}", help: tr("Every N days (3d) or weeks (2w, on --days), counted from --from.")),
        .value("from", "YYYY-MM-DD", help: tr("The date --every counts from.")),
        .value("monthly", "DAY", help: tr("Monthly: a day (1-31, -1 the last) or a weekday (\"first mon\", \"last sun\").")),
        .value("yearly", "MM-DD", help: tr("Yearly on this day (02-29 rings in leap years only).")),
        .value("except", "DATE", repeatable: true, help: tr("A date it does not ring on.")),
        .value("until", "YYYY-MM-DD", help: tr("Its last date.")),
        .value("label", "TEXT", help: tr("What it is for, shown in lists and logs.")),
        .value("sound", "SOUND", help: tr("Sound index or name (see 'alarmplay sounds').")),
        .volume,
        .value("snooze", "DURATION", help: tr("Snooze length, e.g. 9m.")),
        .value("max-snoozes", "N", help: tr("How many times it can be snoozed.")),
        .value("ring-for", "DURATION", help: tr("How long it rings unless stopped, e.g. 10m.")),
        .value("fade-in", "DURATION", help: tr("How long the volume takes to rise, e.g. 30s.")),
        .flag("off", help: tr("Switch it off (it keeps its settings).")),
    ]

    package static let common: [OptionSpec] = [AlarmFileOptions.alarms, .sounds]

    package static let valuesDiscussion = """
        Values are checked exactly as in the alarms file, with the same messages (exit 65); nothing
        is written unless the whole file stays valid. Durations: 30s, 9m, 1h30m or seconds.
        Defaults for what is not given come from the file's "defaults", then the built-in ones.
        """

    /// The changes the options ask for, or every value that cannot be read.
    package static func changes(_ arguments: ParsedArguments, time: String?) throws -> AlarmChanges {
        var changes = AlarmChanges()
        var problems: [AlarmEditRejected.Problem] = []
        for (option, key) in keys {
            guard let text = key == "time" ? time ?? arguments.value(option) : arguments.value(option) else { continue }
            if key == "label", text.isEmpty {
                changes.remove(key)
                continue
            }
            do {
                changes.set(key, try AlarmChanges.value(for: key, typed: text))
            } catch {
                problems.append(.init(key: key, message: error.message))
            }
        }
        let exceptions = arguments.all("except")
        if !exceptions.isEmpty { changes.set("except", .array(exceptions.map(JSONValue.string))) }
        try exclusive("off", "on", arguments)
        try exclusive("days", "no-days", arguments)
        try exclusive("times", "days", arguments)
        try exclusive("times", "time", arguments)
        if time != nil, arguments.value("times") != nil { throw UsageError(tr("give TIME or --times, not both")) }
        // A time per day replaces the one time and the days; one time replaces the times.
        if arguments.value("times") != nil {
            changes.remove("time")
            changes.remove("days")
        } else if changes.values["time"] != nil {
            changes.remove("times")
        }
        try exclusive("date", "no-date", arguments)
        if arguments.flag("off") { changes.set("enabled", false) }
        if arguments.flag("on") { changes.set("enabled", true) }
        if arguments.flag("no-days") { changes.remove("days") }
        if arguments.flag("no-date") { changes.remove("date") }
        guard problems.isEmpty else { throw rejection(problems, timeName: time == nil ? "--time" : "TIME") }
        return changes
    }

    private static func exclusive(_ first: String, _ second: String, _ arguments: ParsedArguments) throws(UsageError) {
        let given = { (name: String) in arguments.flag(name) || arguments.value(name) != nil }
        if given(first), given(second) { throw UsageError.together(first, second) }
    }

    /// Problems worded with the option the user typed (`--volume: volume must be ...`).
    package static func rejection(_ problems: [AlarmEditRejected.Problem], timeName: String) -> AlarmEditRejected {
        AlarmEditRejected(problems: problems.map { problem in
            guard let key = problem.key else { return problem }
            let option = key == "time" ? timeName : keys.first { $0.key == key }.map { "--" + $0.option } ?? key
            return .init(key: option, message: problem.message)
        })
    }

    package static func path(_ arguments: ParsedArguments, context: CommandContext) -> String {
        AlarmFileLocation.path(explicit: arguments.value("alarms"), environment: context.environment)
    }

    /// `AlarmFileUpdate.perform` on the file the options name (made from `whenMissing` if there is
    /// none), with problems of the file on disk shown as `FILE:LINE:COL: message` and problems of
    /// the edit worded with options.
    package static func update<Result>(
        _ arguments: ParsedArguments, context: CommandContext, whenMissing: JSONValue? = nil, timeName: String = "--time",
        _ change: (AlarmFile) throws -> (edit: AlarmEdit?, result: Result)
    ) throws -> (file: AlarmFile, result: Result) {
        do {
            return try AlarmFileUpdate.perform(
                path: path(arguments, context: context), sounds: arguments.soundRegistry(context),
                whenMissing: whenMissing, change)
        } catch let error as AlarmFileError {
            if case .invalid = error {
                for line in error.lines { context.console.err(line) }
                context.console.err(tr("alarmplay: nothing was changed: fix the alarms file first (see 'alarmplay validate')"))
            }
            if case let .missing(missing) = error, let gone = MissingAlarmsFile.find(path: missing, context: context) { throw gone }
            throw error
        } catch let error as AlarmEditRejected {
            throw rejection(error.problems, timeName: timeName)
        }
    }

    /// The alarm's row as `list` shows it, under the table's header.
    package static func show(_ alarm: Alarm, in file: AlarmFile, _ arguments: ParsedArguments, context: CommandContext) {
        let snapshot = Snapshot(file: file, state: StateStore(environment: context.environment).load().state, now: SystemClock().now().seconds)
        let listing = snapshot.listing(alarm, registry: arguments.soundRegistry(context))
        for line in Table.render([AlarmListing.header, listing.row(format: TimeFormat())]) { context.console.out(line) }
    }

    /// Every alarm of `file` as `list` shows it, from the same snapshot `run` would give.
    package static func listings(_ file: AlarmFile, _ arguments: ParsedArguments, context: CommandContext) -> (Snapshot, [AlarmListing]) {
        let registry = arguments.soundRegistry(context)
        let snapshot = Snapshot(file: file, state: StateStore(environment: context.environment).load().state, now: SystemClock().now().seconds)
        return (snapshot, file.alarms.map { snapshot.listing($0, registry: registry) })
    }
}

extension AlarmEditOptions {
    /// Switching on means "ring at the next occurrence", even for a one-shot that already rang:
    /// the running `run` forgets its state for the alarm, or, with none running, state.json does.
    package static func rearm(_ alarm: Alarm, context: CommandContext) {
        if (try? ControlCommand.send(.rearm(id: alarm.name), context: context)) != nil { return }
        let store = StateStore(environment: context.environment)
        var state = store.load().state
        guard state.schedule.alarms.removeValue(forKey: alarm.stateKey) != nil else { return }
        try? store.save(state)
    }

    package static let idArgument = ArgumentSpec("ID", help: tr("The alarm's id, or its position in the file (see 'alarmplay list')."))

    /// `enable` / `disable`: the on/off switch. Switching to the state it is in writes nothing.
    package static func setEnabled(_ enabled: Bool, _ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (file, (index, changed)) = try update(arguments, context: context) { file in
            let outcome = try AlarmFileEdits.setEnabled(enabled, arguments.positionals[0], in: file)
            return (outcome.edit, (outcome.result, outcome.edit != nil))
        }
        let alarm = file.alarms[index]
        if enabled { rearm(alarm, context: context) }
        // Switched on again, a one-shot that rang is armed for its next time: that is news too.
        let said = changed ? (enabled ? tr("{id} is now on") : tr("{id} is now off"))
            : enabled ? (alarm.ringsOnce ? tr("{id} is on and rings at its next time") : tr("{id} was already on")) : tr("{id} was already off")
        context.console.out(said.filling(["id": alarm.name]))
        show(alarm, in: file, arguments, context: context)
        return .success
    }
}
