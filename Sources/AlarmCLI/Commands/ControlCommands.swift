import AlarmCore
import AlarmRuntime

/// `alarmplay snooze [ID]`, `stop [ID]`, `status [--json]`: talk to the running `alarmplay run`
/// over its control socket, from ssh, a button script or a desktop shortcut.
package enum ControlCommand {
    /// The reply in this process's language. A `run` older than the language word refuses the
    /// line as an unknown command, having done nothing: then the request goes again without it.
    package static func send(_ request: ControlRequest, context: CommandContext) throws -> String {
        let path = ControlSocketPath.resolve(context.environment)
        guard let language = ReplyLanguage.word else { return try ControlClient.send(request.line, path: path) }
        let reply = try ControlClient.send(language + " " + request.line, path: path)
        guard case let .refused(_, words) = ControlReply(reply), words.hasPrefix("unknown command \"" + ReplyLanguage.key) else { return reply }
        return try ControlClient.send(request.line, path: path)
    }

    /// Prints an `ok: ...` / `error KIND: ...` reply; a refusal exits with its kind's status.
    package static func report(_ reply: String, context: CommandContext) -> ExitCode {
        switch ControlReply(reply) {
        case let .refused(kind, words):
            context.console.err(tr("alarmplay: error: {message}", ["message": words]))
            return kind?.exitCode ?? .failure
        case let .done(words), let .value(words):
            context.console.out(words)
            return .success
        }
    }

    package static let discussion = tr("Needs a running 'alarmplay run' (exit 69 when there is none).")
}

public enum SnoozeCommand: Command {
    public static let spec = CommandSpec(
        name: "snooze", abstract: tr("Snooze the ringing alarm (or the one named)."),
        arguments: [ArgumentSpec("ID", optional: true, help: tr("Alarm id; default: every ringing alarm."))],
        discussion: ControlCommand.discussion)

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        ControlCommand.report(try ControlCommand.send(.snooze(id: arguments.positional(0)), context: context), context: context)
    }
}

public enum StopCommand: Command {
    public static let spec = CommandSpec(
        name: "stop", abstract: tr("Stop the ringing alarm (or the one named), or dismiss a snooze."),
        arguments: [ArgumentSpec("ID", optional: true, help: tr("Alarm id; default: every ringing alarm."))],
        discussion: ControlCommand.discussion)

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        ControlCommand.report(try ControlCommand.send(.stop(id: arguments.positional(0)), context: context), context: context)
    }
}

public enum StatusCommand: Command {
    /// A time of the status as `snooze` and `next` write it (`Wed 02 Dec 07:00`); `--json` keeps ISO 8601.
    private static func shown(_ value: JSONValue?) -> String {
        guard let text = value?.stringValue else { return "?" }
        return (try? ISO8601.parse(text)).map { ShortTime($0.seconds).description } ?? text
    }

    /// The clock's warning and the household's clocks that differ, worded here in the reader's language.
    private static func clockLines(_ clock: JSONValue?) -> [String] {
        guard let clock else { return [] }
        var lines: [String] = []
        if let warning = clock["warning"], !warning.isNull {
            lines.append(tr("clock: not synchronised, and {id} rings at {time}: check the time before relying on it", [
                "id": warning["id"]?.stringValue ?? "?", "time": shown(warning["ring"]),
            ]))
        }
        for other in clock["disagreements"]?.arrayValue ?? [] {
            let seconds = other["differenceSeconds"]?.numberValue?.int ?? 0
            // Whole minutes: the broker's latency is in the seconds.
            let difference = DurationText.format((abs(seconds) + 30) / 60 * 60)
            let name = other["name"]?.stringValue ?? "?"
            let values = ["name": name, "member": other["member"]?.stringValue ?? "?", "difference": difference]
            let said = seconds < 0 ? tr("clock: {name} ({member}) is {difference} behind this one", values)
                : tr("clock: {name} ({member}) is {difference} ahead of this one", values)
            let which: String
            switch other["synchronised"]?.stringValue {
            case "both": which = tr("the kernel calls both synchronised")
            case "here": which = tr("the kernel calls this one synchronised")
            case "there": which = tr("the kernel calls {name} synchronised", ["name": name])
            default: which = tr("the kernel calls neither synchronised")
            }
            lines.append(said + "; " + which)
        }
        return lines
    }

    public static let spec = CommandSpec(
        name: "status", abstract: tr("Show what is ringing, snoozed, and next."),
        options: [.json], discussion: ControlCommand.discussion)

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let reply = try ControlCommand.send(.status, context: context)
        let status = try JSONParser.parseStrict(reply)
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(status))
            return .success
        }
        for ring in status["ringing"]?.arrayValue ?? [] {
            let label = ring["label"]?.stringValue.map { " (\($0))" } ?? ""
            let left = ring["snoozesLeft"]?.numberValue?.int ?? 0
            context.console.out(trn("ringing: {id}{label} since {since}, {n} snooze left", "ringing: {id}{label} since {since}, {n} snoozes left", left, [
                "id": ring["id"]?.stringValue ?? "?", "label": label, "since": shown(ring["since"]),
            ]))
        }
        for snooze in status["snoozed"]?.arrayValue ?? [] {
            context.console.out(tr("snoozed: {id} until {time}", ["id": snooze["id"]?.stringValue ?? "?", "time": shown(snooze["until"])]))
        }
        if let next = status["next"], !next.isNull {
            context.console.out(tr("next: {id} at {time}", ["id": next["id"]?.stringValue ?? "?", "time": shown(next["at"])]))
        } else {
            context.console.out(tr("next: none"))
        }
        if let sleep = status["sleep"], !sleep.isNull { context.console.out(SleepCommand.describe(sleep)) }
        if let paused = status["pausedUntil"]?.stringValue {
            context.console.out(tr("paused until {date} ('alarmplay resume' ends it)", ["date": paused]))
        }
        if let path = status["missingFile"]?.stringValue {
            context.console.out(MissingAlarmsFile(path: path, running: true, alarms: status["alarms"]?.numberValue?.int ?? 0).description)
        } else if status["schedule"]?.stringValue == "last-good" {
            context.console.out(tr("schedule: the last good copy (the alarms file is invalid; see 'alarmplay validate')"))
        } else if let problems = status["problems"]?.arrayValue, !problems.isEmpty {
            // Edits that do not take effect must not go unnoticed: the schedule is the one before them.
            context.console.out(tr("the alarms file has problems, so the schedule in force is the last one that loaded:"))
            for problem in problems.prefix(5) { context.console.out("  " + (problem.stringValue ?? "")) }
            context.console.out(tr("fix the file, or put the last good one back with 'alarmplay restore'"))
        }
        for line in clockLines(status["clock"]) { context.console.out(line) }
        if let wake = status["wake"] {
            // Worded here, in the reader's language, from what is missing; `run` speaks English.
            let missing = wake["alarmClock"]?.boolValue.flatMap { clock in
                wake["rtc"]?.boolValue.flatMap { WakeAbility(alarmClock: clock, problem: nil, rtc: $0).reason }
            }
            context.console.out(wake["canWake"]?.boolValue == true
                ? tr("wake from suspend: yes")
                : tr("wake from suspend: no ({reason})", ["reason": missing ?? wake["reason"]?.stringValue ?? tr("unknown")]))
        }
        return .success
    }
}
