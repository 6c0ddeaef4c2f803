import AlarmCore
import AlarmRuntime

/// `alarmplay next`: the next rings across all enabled alarms, in order.
public enum NextCommand: Command {
    public static let spec = CommandSpec(
        name: "next",
        abstract: tr("Show when the alarms ring next."),
        options: [
            AlarmFileOptions.alarms,
            .value("after", "ISO8601", help: tr("Start from this time instead of now (e.g. 2027-03-28T01:00:00+01:00).")),
            .value("count", "N", short: "n", help: tr("How many rings to show (default 1).")),
            .flag("ics", help: tr("Print the next 60 days' rings as an iCalendar feed (what run's /calendar.ics serves).")),
            .flag("json", help: tr("Print a JSON array of {id, label, at, position, shiftedFrom} (and skipped rings with a reason).")),
            .sounds,
        ],
        discussion: tr("""
            Rings that do not happen before the last one shown are listed too, with why: a day of a
            skipDays calendar ("skipped: Fri 25 Dec — Christmas Day (holidays.ics)"), an except date,
            a one-time skip, a pause. In --json too they are where they fall in time, with "skipped": true
            and a "reason" (the next ring is the first entry without "skipped").
            Times are local (TZ, else /etc/localtime). A time without an offset given to --after is local too.
            Rings exactly at --after are not shown: the next ring is strictly later. "(in ...)" counts
            from --after when it is given.
            Daylight saving: a time the clock skips rings when it jumps (02:30 -> 03:00), a time that
            occurs twice rings at its first occurrence, and a day the zone skips entirely has no ring
            (a "date" alarm on such a day never rings).
            """)
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let count = try arguments.integer("count", in: 1...100_000) ?? 1
        let after: Int
        if let text = arguments.value("after") {
            do {
                after = try ISO8601.parse(text).seconds
            } catch {
                throw BadValue("--after", problem: error.message)
            }
        } else {
            after = SystemClock().now().seconds
        }
        let file = try AlarmFileOptions.load(arguments, context: context)
        // What `run` remembers (a one-shot that rang, a snooze, a skip) counts as it does in `list`.
        let snapshot = Snapshot(file: file, state: StateStore(environment: context.environment).load().state, now: after)
        if arguments.flag("ics") {
            context.console.writeRaw(RingFeed(snapshot: snapshot).text)
            return .success
        }
        let (rings, skipped) = snapshot.upcomingExplained(count: count)
        // A folder plays one of its files, picked by the ring's day: known now for every ring shown.
        let registry = arguments.soundRegistry(context)
        let plays = { (ring: Ring) in registry.pick(ring.alarm.settings.sound, context: RingContext(scheduled: ring.at)) }
        if let pause = snapshot.pausedUntil, !arguments.flag("json") {
            context.console.out(tr("paused until {time} ('alarmplay resume' ends it)", ["time": "\(pause)"]))
        }
        let format = TimeFormat()
        if arguments.flag("json") {
            context.console.writeRaw(JSONWriter.pretty(json(rings, skipped: skipped, format: format, plays: plays)))
        } else {
            for line in lines(rings, skipped: skipped, from: after, format: format, plays: plays) { context.console.out(line) }
            if rings.isEmpty {
                // English has said "1 alarms" here since the first release; scripts may match it.
                let alarms = trn("{n} alarms", "{n} alarms", file.alarms.count)
                context.console.out(trn("no alarm will ring ({alarms}, {n} enabled)", "no alarm will ring ({alarms}, {n} enabled)",
                                        file.enabledCount, ["alarms": alarms]))
            }
        }
        return .success
    }

    /// `work  Mon 07 Dec 2026 06:45:00 CET  (in 14h 2m)`, columns aligned (a moved ring ends with
    /// `moved once from 06:45`), and in time order `work  skipped: Fri 25 Dec — Christmas Day (holidays.ics)`.
    package static func lines(
        _ rings: [Ring], skipped: [SkippedRing] = [], from now: Int, format: TimeFormat, plays: (Ring) -> String? = { _ in nil }
    ) -> [String] {
        let rows = Table.render(rings.map { ring -> [String] in
            // Built in steps: Swift 6.0's type checker gives up on one expression of four optional parts.
            var row = [ring.alarm.name, format.human(ring.at), "(\(TimeFormat.relative(from: now, to: ring.at)))"]
            if let from = ring.shiftedFrom { row.append("moved once from " + format.zone.localTime(at: from).time.description) }
            if let words = ruleWords(ring, format: format) { row.append(words) }
            if let file = plays(ring) { row.append(tr("plays {file}", ["file": file])) }
            return row
        })
        let width = (rings.map(\.alarm.name.count) + skipped.map(\.alarm.name.count)).max() ?? 0
        let skips = skipped.map { skip in
            skip.alarm.name + String(repeating: " ", count: width - skip.alarm.name.count) + "  " + skip.line(format: format)
        }
        return merged(rings.map(\.at), rows, skipped.map(\.at), skips)
    }

    /// What decided a ring's time, for a ring that follows the sun or a calendar; nil for others.
    package static func ruleWords(_ ring: Ring, format: TimeFormat) -> String? {
        if let sun = ring.alarm.sun { return sunWords(sun, ring: ring, format: format) }
        guard let day = ring.alarm.appointmentDay(forRingAt: ring.at, zone: format.zone) else { return nil }
        switch day {
        case let .appointment(_, first):
            return tr("{summary} at {time}", ["summary": first.summary, "time": ShortTime(first.start).description])
        case .otherwise, .none:
            return tr("no timed event that day: rings at its \"otherwise\" time")
        case let .unread(_, problem):
            return tr("calendar not read ({problem}): rings at its fallback", ["problem": problem])
        }
    }

    /// `sunrise 07:42` beside a ring that follows the sun; `no sunrise: rings at latest` on a day without it.
    package static func sunWords(_ sun: SunRule, ring: Ring, format: TimeFormat) -> String {
        guard let event = ring.alarm.sunEvent(forRingAt: ring.at, zone: format.zone) else {
            return tr("no {event} that day: rings at its latest", ["event": sun.event.words])
        }
        // To the nearest minute, as the ring itself is: sunrise 07:58:40 with -30m rings at 07:29, beside sunrise 07:59.
        let time = format.zone.localTime(at: Int((Double(event) / 60).rounded()) * 60).time
        return "\(sun.event.words) \(TimeOfDay(hour: time.hour, minute: time.minute))"
    }

    package static func json(_ rings: [Ring], skipped: [SkippedRing] = [], format: TimeFormat, plays: (Ring) -> String? = { _ in nil }) -> JSONValue {
        func entry(_ alarm: Alarm, _ at: Int) -> [(String, JSONValue)] {
            [("id", .optional(alarm.id)), ("label", .optional(alarm.label)), ("at", .string(format.iso(at))), ("position", .int(alarm.position))]
        }
        func ring(_ ring: Ring) -> JSONValue {
            let shifted: JSONValue = ring.shiftedFrom.map { .string(format.iso($0)) } ?? .null
            var members: [(String, JSONValue)] = entry(ring.alarm, ring.at)
            members.append(("shiftedFrom", shifted))
            if let sun = ring.alarm.sun {
                let at: JSONValue = ring.alarm.sunEvent(forRingAt: ring.at, zone: format.zone).map { .string(format.iso($0)) } ?? .null
                let event: JSONValue = .string(sun.event.rawValue)
                members.append(("sun", .object([("event", event), ("at", at)])))
            }
            if let day = ring.alarm.appointmentDay(forRingAt: ring.at, zone: format.zone) {
                members.append(("appointment", appointmentJSON(day, format: format)))
            }
            if let file = plays(ring) { members.append(("plays", .string(file))) }
            return .object(members)
        }
        let skips = skipped.map { JSONValue.object(entry($0.alarm, $0.at) + [("skipped", true), ("reason", $0.reason.json)]) }
        return .array(merged(rings.map(\.at), rings.map(ring), skipped.map(\.at), skips))
    }

    private static func appointmentJSON(_ day: AppointmentRule.Day, format: TimeFormat) -> JSONValue {
        switch day {
        case let .appointment(_, first): return ["summary": .string(first.summary), "start": .string(format.iso(first.start))]
        case .otherwise, .none: return ["summary": .null, "otherwise": true]
        case let .unread(_, problem): return ["summary": .null, "problem": .string(problem)]
        }
    }

    /// Two lists already in time order as one; at the same second the skipped line comes first.
    private static func merged<Line>(_ ringTimes: [Int], _ rings: [Line], _ skipTimes: [Int], _ skips: [Line]) -> [Line] {
        var result: [Line] = []
        var (ring, skip) = (0, 0)
        while ring < rings.count || skip < skips.count {
            if skip < skips.count, ring == rings.count || skipTimes[skip] <= ringTimes[ring] {
                result.append(skips[skip])
                skip += 1
            } else {
                result.append(rings[ring])
                ring += 1
            }
        }
        return result
    }
}
