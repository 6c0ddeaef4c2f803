import AlarmCore
import AlarmRuntime

/// `alarmplay sleep DURATION [SOUND]`, `sleep --stop`, `sleep`: a sleep timer in the running
/// `alarmplay run`, on the alarms' device, which any alarm ends.
public enum SleepCommand: Command {
    public static let spec = CommandSpec(
        name: "sleep",
        abstract: tr("Fall asleep to a sound that fades out and stops ('--stop' ends it)."),
        arguments: [
            ArgumentSpec("DURATION", optional: true, help: "How long, e.g. 30m, 45m, 1h; without it: the time left."),
            ArgumentSpec("SOUND", optional: true, help: "Index or name from 'alarmplay sounds' (a file, a station, a tone); several, comma-separated, play in order, the last looping. Default: \(SleepRequest.defaultSound)."),
        ],
        options: [
            .flag("stop", help: "End the sleep timer now."),
            .value("fade", "D", help: "Fade out over the last D (e.g. 10m); default 5m, or the last third of a timer under 15m."),
            .value("volume", "V", help: "Volume from 0.0 to 1.0 (default \(SleepRequest.defaultVolume.compact))."),
            .json,
        ],
        discussion: """
            The sound plays (looping when it is shorter) on the alarms' device, falls to silence
            over the fade, and stops when the time is up. An alarm always wins: one that rings
            meanwhile ends the sleep timer and rings on time. A new sleep timer replaces the one
            playing. \(ControlCommand.discussion)
            """
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let request = try self.request(arguments)
        let reply = try ControlCommand.send(request, context: context)
        if case .refused = ControlReply(reply) { return ControlCommand.report(reply, context: context) }
        var value = try JSONParser.parseStrict(reply)
        if request == .status { value = value["sleep"] ?? .null }
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(value))
            return .success
        }
        switch request {
        case .stopSleep:
            context.console.out(value["stopped"]?.boolValue == true ? tr("sleep timer stopped") : tr("no sleep timer was playing"))
        case .startSleep:
            let length = DurationText.format(value["seconds"]?.numberValue?.int ?? 0)
            let fade = DurationText.format(value["fadeSeconds"]?.numberValue?.int ?? 0)
            context.console.out(tr("sleeping to {sound} for {duration} (until {time}), fading out over the last {fade}; 'alarmplay sleep --stop' ends it", [
                "sound": value["sound"]?.stringValue ?? "?", "duration": length, "time": value["endsAt"]?.stringValue ?? "?", "fade": fade,
            ]))
        default:
            context.console.out(value.isNull ? tr("no sleep timer is playing") : describe(value))
        }
        return .success
    }

    /// The request the command line makes: `status` for the time left, else a start or a stop.
    package static func request(_ arguments: ParsedArguments) throws -> ControlRequest {
        let duration = arguments.positional(0)
        if arguments.flag("stop") {
            guard duration == nil, arguments.value("fade") == nil, arguments.value("volume") == nil else {
                throw UsageError(tr("--stop takes no DURATION, SOUND, --fade or --volume"), command: spec.name)
            }
            return .stopSleep
        }
        guard let duration, duration != "status" else {
            guard arguments.positionals.count <= 1, arguments.value("fade") == nil, arguments.value("volume") == nil else {
                throw UsageError(tr("give a DURATION first, e.g. 'alarmplay sleep 30m'"), command: spec.name)
            }
            return .status
        }
        let seconds: Int
        do {
            seconds = try DurationText.parse(duration)
        } catch {
            throw BadValue("DURATION", problem: error.message)
        }
        let fade = try arguments.seconds("fade", in: 0...Double(SleepRequest.longestSeconds)).map { Int($0.rounded()) }
        let request = SleepRequest(seconds: seconds, sound: arguments.positional(1), volume: try arguments.number("volume", in: 0...1),
                                   fadeSeconds: fade)
        if let problem = request.problem {
            let name = ["duration": "DURATION", "sound": "SOUND"][problem.field] ?? "--" + problem.field
            throw BadValue(name, problem: problem.message)
        }
        return .startSleep(request)
    }

    /// `sleep: tone:melody, 29:59 left (until …), fades out over the last 5m`, from `status`'s `sleep`.
    package static func describe(_ sleep: JSONValue) -> String {
        let left = TimeText.clock(Double(sleep["secondsLeft"]?.numberValue?.int ?? 0))
        let fade = DurationText.format(sleep["fadeSeconds"]?.numberValue?.int ?? 0)
        let fading = sleep["fading"]?.boolValue == true ? tr("fading out") : tr("fades out over the last {fade}", ["fade": fade])
        return tr("sleep: {sound}, {left} left (until {time}), {fading}", [
            "sound": sleep["sound"]?.stringValue ?? "?", "left": left, "time": sleep["endsAt"]?.stringValue ?? "?", "fading": fading,
        ])
    }
}
