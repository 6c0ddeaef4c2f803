/// `alarmplay next`: the next rings across all enabled alarms, in order.
public enum NextCommand: Command {
    public static let spec = CommandSpec(
        name: "next",
        abstract: "Show when the alarms ring next.",
        options: [
            AlarmFileOptions.alarms,
            .value("after", "ISO8601", help: "Start from this time instead of now (e.g. 2027-03-28T01:00:00+01:00)."),
            .value("count", "N", short: "n", help: "How many rings to show (default 1)."),
            .flag("json", help: "Print a JSON array of {id, label, at, position, shiftedFrom}."),
            .sounds,
        ],
        discussion: """
            Times are local (TZ, else /etc/localtime). A time without an offset given to --after is local too.
            Rings exactly at --after are not shown: the next ring is strictly later. "(in ...)" counts
            from --after when it is given.
            Daylight saving: a time the clock skips rings when it jumps (02:30 -> 03:00), a time that
            occurs twice rings at its first occurrence, and a day the zone skips entirely has no ring
            (a "date" alarm on such a day never rings).
            """
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let count = try arguments.integer("count", in: 1...100_000) ?? 1
        let after: Int
        if let text = arguments.value("after") {
            do {
                after = try ISO8601.parse(text).seconds
            } catch {
                throw UsageError("--after: \(error.message)")
            }
        } else {
            after = SystemClock().now().seconds
        }
        let file = try AlarmFileOptions.load(arguments, context: context)
        // What `run` remembers (a one-shot that rang, a snooze, a skip) counts as it does in `list`.
        let snapshot = Snapshot(file: file, state: StateStore(environment: context.environment).load().state, now: after)
        let rings = snapshot.upcoming(count: count)
        if let pause = snapshot.pausedUntil, !arguments.flag("json") {
            context.console.out("paused until \(pause) ('alarmplay resume' ends it)")
        }
        let format = TimeFormat()
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(json(rings, format: format)))
        } else if rings.isEmpty {
            context.console.out("no alarm will ring (\(file.alarms.count) alarms, \(file.enabledCount) enabled)")
        } else {
            for line in lines(rings, from: after, format: format) { context.console.out(line) }
        }
        return .success
    }

    /// `work  Mon 07 Dec 2026 06:45:00 CET  (in 14h 2m)`, columns aligned; a moved ring ends
    /// with `moved once from 06:45`.
    static func lines(_ rings: [Ring], from now: Int, format: TimeFormat) -> [String] {
        Table.render(rings.map { ring in
            [ring.alarm.name, format.human(ring.at), "(\(TimeFormat.relative(from: now, to: ring.at)))"]
                + (ring.shiftedFrom.map { ["moved once from " + format.zone.localTime(at: $0).time.description] } ?? [])
        })
    }

    static func json(_ rings: [Ring], format: TimeFormat) -> JSONValue {
        .array(rings.map { ring in
            [
                "id": .optional(ring.alarm.id),
                "label": .optional(ring.alarm.label),
                "at": .string(format.iso(ring.at)),
                "position": .int(ring.alarm.position),
                "shiftedFrom": ring.shiftedFrom.map { .string(format.iso($0)) } ?? .null,
            ]
        })
    }
}
