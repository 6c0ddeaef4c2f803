/// Turns a parsed alarms document into alarms, collecting every problem instead of stopping at
/// the first, each at the position of the value or key at fault.
package struct AlarmFileDecoder {
    package static let topLevelKeys = ["pausedUntil", "hooks", "devices", "preflight", "escalate", "bedtime", "location", "calendars", "skipDays", "inputs", "night", "defaults", "alarms"]
    package static let settingKeys = ["sound", "fallbackSound", "volume", "snooze", "maxSnoozes", "ringFor", "fadeIn", "forceAudible", "voice", "devices", "preflight", "escalate", "wakeUp", "wakeUpSound", "bedtime", "location"]
    package static let alarmKeys = ["id", "label", "time", "times", "sun", "fromCalendar", "days", "date", "every", "from", "monthly", "yearly", "except", "until", "skipDays", "enabled"]
        + settingKeys + ["hooks", "skip", "shift"]

    /// More than a household's alarm clock needs, few enough that deciding what rings next (on
    /// every wake of `run`, every `status`) takes milliseconds on a Pi: 100,000 alarms made
    /// rings seconds late.
    package static let alarmLimit = 1000

    package let sounds: SoundRegistry?
    package var problems: [JSONProblem] = []
    /// `"pausedUntil"`: no alarm rings before this date.
    package var pausedUntil: CalendarDate?
    /// `"hooks"` at the top of the file: for every alarm.
    package var hooks: [Hook] = []
    /// `"inputs"` at the top of the file: the buttons and knobs `run` reads.
    package var inputs: [InputSettings] = []
    /// `"night"`: when the night clock is dark.
    package var night = NightHours()
    /// `"skipDays"` at the top of the file: for every repeating alarm without its own.
    package var skipDays: [String] = []
    /// `"calendars"`: the calendars alarms may refer to by name (the only way the page may).
    package var calendars: [String: String] = [:]
    private var idPositions: [String: SourcePosition] = [:]

    package init(sounds: SoundRegistry?) {
        self.sounds = sounds
    }

    /// Each key of `members` that `allowed` lacks, with the nearest one: `unknown key "slep" in
    /// "bedtime" (did you mean "sleep"?) (allowed: sleep, before, sound)`.
    mutating package func checkKeys(_ members: [JSONMember], allowed: [String], in place: String) {
        for member in members where !allowed.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, in: allowed).map { tr(" (did you mean \"{name}\"?)", ["name": $0]) } ?? ""
            report(tr("unknown key \"{key}\" in \"{place}\"{hint} (allowed: {allowed})",
                      ["key": member.key, "place": place, "hint": hint, "allowed": allowed.joined(separator: ", ")]), at: member.keyPosition)
        }
    }

    mutating package func report(_ message: String, at position: SourcePosition) {
        problems.append(JSONProblem(message, at: position))
    }

    mutating package func decodeFile(_ document: JSONValue) -> (AlarmSettings, [Alarm]) {
        guard let members = document.members else {
            report(tr("the alarms file must be an object like {example}, got {type}", ["example": "{\"alarms\": [...]}", "type": document.typeDescription]),
                   at: document.position)
            return (.builtIn, [])
        }
        checkKeys(members, allowed: Self.topLevelKeys)
        hooks = document["hooks"].map { decodeHooks($0) } ?? []
        inputs = document["inputs"].map { decodeInputs($0) } ?? []
        if let value = document["night"], let hours = decodeNight(value) { night = hours }
        calendars = document["calendars"].map { decodeCalendars($0) } ?? [:]
        skipDays = document["skipDays"].flatMap { decodeSkipDays($0) } ?? []
        pausedUntil = document["pausedUntil"].flatMap {
            parse($0, tr("pausedUntil must be a string \"YYYY-MM-DD\" (written by 'alarmplay pause')"), CalendarDate.init(parsing:))
        }
        var defaults = AlarmSettings.builtIn
        // `devices`, `preflight` and `escalate` at the top of the file are defaults like those in
        // `defaults`, where they may go too.
        if let value = document["devices"] { defaults.devices = decodeDevices(value) }
        if let value = document["preflight"], let seconds = decodeDuration(value, "preflight", Self.preflightRange) { defaults.preflight = seconds }
        if let value = document["escalate"], let steps = decodeEscalation(value) { defaults.escalate = steps }
        if let value = document["bedtime"] { defaults.bedtime = decodeBedtime(value) }
        if let value = document["location"] { defaults.location = decodeLocation(value) }
        if let block = document["defaults"] {
            if let settings = block.members {
                checkKeys(settings, allowed: Self.settingKeys, misplaced: tr("\"{key}\" has no default (allowed: {allowed})"))
                defaults = decodeSettings(block, inheriting: defaults)
            } else {
                report(tr("\"defaults\" must be an object, got {type}", ["type": block.typeDescription]), at: block.position)
            }
        }
        guard let list = document["alarms"] else {
            report(tr("missing \"alarms\" (an array of alarms, e.g. {example})", ["example": "\"alarms\": [{\"time\": \"07:00\"}]"]), at: document.position)
            return (defaults, [])
        }
        guard let entries = list.arrayValue else {
            report(tr("\"alarms\" must be an array, got {type}", ["type": list.typeDescription]), at: list.position)
            return (defaults, [])
        }
        if entries.count > Self.alarmLimit {
            report(tr("{count} alarms, more than the {limit} an alarms file may have (every ring is decided among them all, and none may wait on the rest)",
                      ["count": String(entries.count), "limit": String(Self.alarmLimit)]), at: entries[Self.alarmLimit].position)
        }
        var alarms: [Alarm] = []
        alarms.reserveCapacity(min(entries.count, Self.alarmLimit))
        var seen: [String: Int] = [:]
        for (offset, entry) in entries.prefix(Self.alarmLimit).enumerated() {
            guard var alarm = decodeAlarm(entry, position: offset + 1, defaults: defaults) else { continue }
            seen[alarm.stateKey, default: 0] += 1
            if alarm.id == nil, let count = seen[alarm.stateKey], count > 1 { alarm.stateKey += " (\(count))" }
            alarms.append(alarm)
        }
        return (defaults, alarms)
    }

    /// Unknown keys are errors: a misspelt `enabeld` must not silently leave an alarm on.
    /// `misplaced` words the message for keys that are valid for alarms but not here (`{key}`, `{allowed}`).
    private mutating func checkKeys(_ members: [JSONMember], allowed: [String], misplaced: String? = nil) {
        for member in members where !allowed.contains(member.key) {
            if let misplaced, Self.alarmKeys.contains(member.key) {
                report(misplaced.filling(["key": member.key, "allowed": allowed.joined(separator: ", ")]), at: member.keyPosition)
                continue
            }
            let hint = Suggestion.closest(to: member.key, in: allowed).map { tr(" (did you mean \"{name}\"?)", ["name": $0]) } ?? ""
            report(tr("unknown key \"{key}\"{hint}", ["key": member.key, "hint": hint]), at: member.keyPosition)
        }
    }

    private mutating func decodeAlarm(_ entry: JSONValue, position: Int, defaults: AlarmSettings) -> Alarm? {
        guard let members = entry.members else {
            report(tr("alarm {position} must be an object, got {type}", ["position": String(position), "type": entry.typeDescription]), at: entry.position)
            return nil
        }
        let before = problems.count
        checkKeys(members, allowed: Self.alarmKeys)
        let id = decodeID(entry["id"])
        let label = entry["label"].flatMap { string($0, tr("label must be a string")) }
        let enabled = entry["enabled"].flatMap { value in
            value.boolValue ?? reportNil(Self.got(tr("{key} must be true or false", ["key": "enabled"]), value), at: value.position)
        }
        var time: TimeOfDay?
        var times: [Weekday: TimeOfDay] = [:]
        var repeats: AlarmRepeat?
        if let value = entry["times"] {
            // A time per day names the days too: `time` and `days` (or a date or pattern) beside it would say it twice.
            if let clash = members.first(where: { ["time", "days", "date", "every", "monthly", "yearly"].contains($0.key) }) {
                report(tr("give \"times\" or \"{key}\", not both (\"times\" gives each day its time)", ["key": clash.key]), at: clash.keyPosition)
            } else if let decoded = decodeTimes(value) {
                times = decoded
                time = Weekday.allCases.lazy.compactMap { decoded[$0] }.first
                repeats = .weekly(WeekdaySet(Array(decoded.keys)))
            }
        } else {
            if let value = entry["time"] {
                time = parse(value, tr("time must be a string \"HH:MM\" or \"HH:MM:SS\""), TimeOfDay.init(parsing:))
            } else if let sun = entry["sun"] {
                // A sun alarm's time is its fallback: `latest`, else `earliest`, else 07:00.
                time = sun["latest"]?.stringValue.flatMap { try? TimeOfDay(parsing: $0) }
                    ?? sun["earliest"]?.stringValue.flatMap { try? TimeOfDay(parsing: $0) } ?? TimeOfDay(hour: 7, minute: 0)
            } else if let rule = entry["fromCalendar"] {
                time = Self.fromCalendarTime(rule)
            } else {
                report(tr("alarm {position} has no \"time\" (e.g. \"time\": \"07:00\")", ["position": String(position)]), at: entry.position)
            }
            repeats = decodeRepeat(entry, members: members)
        }
        let settings = decodeSettings(entry, inheriting: defaults)
        let skip = entry["skip"].flatMap {
            parse($0, tr("skip must be a string such as \"2026-12-07T06:45:00+01:00\" (the ring to skip)")) {
                text throws(ValueError) in try ISO8601.parse(text).seconds
            }
        }
        let shift = entry["shift"].flatMap { decodeShift($0) }
        guard problems.count == before, let time, let repeats else { return nil }
        var alarm = Alarm(
            id: id, position: position, label: label, time: time, repeats: repeats, enabled: enabled ?? true,
            settings: settings, skip: skip
        )
        alarm.shift = shift
        alarm.times = times
        if let value = entry["sun"] {
            alarm.sun = decodeSun(value)
            if case .weekly = repeats {} else { report(tr("\"sun\" goes with \"days\": the days it rings on"), at: value.position) }
            if settings.location == nil {
                report(tr("\"sun\" needs a \"location\" (here or at the top of the file), e.g. {\"latitude\": 52.52, \"longitude\": 13.4}"), at: value.position)
            }
            if entry["times"] != nil { report(tr("give \"sun\" or \"times\", not both"), at: value.position) }
            guard problems.count == before else { return nil }
        }
        if let value = entry["fromCalendar"] {
            alarm.fromCalendar = decodeFromCalendar(value)
            if case .weekly = repeats {} else { report(tr("\"fromCalendar\" goes with \"days\": the days it rings on"), at: value.position) }
            if let clash = members.first(where: { ["sun", "times", "time"].contains($0.key) }) {
                report(tr("give \"fromCalendar\" or \"{key}\", not both (the calendar gives each day its time)", ["key": clash.key]), at: clash.keyPosition)
            }
            guard problems.count == before else { return nil }
        }
        (alarm.except, alarm.until) = decodeLimits(entry, repeats: repeats)
        alarm.skipDays.sources = decodeAlarmSkipDays(entry, repeats: repeats)
        alarm.hooks = entry["hooks"].map { decodeHooks($0) } ?? []
        return alarm
    }

    /// `"shift": {"from": "2026-12-07T06:45:00+01:00", "to": "2026-12-07T07:30:00+01:00"}`.
    private mutating func decodeShift(_ value: JSONValue) -> RingShift? {
        let example = ["example": "{\"from\": ISO, \"to\": ISO}"]
        guard let members = value.members else {
            return reportNil(tr("shift must be {example}, the ring moved and when it rings instead, got {value}", example.merging(["value": value.snippet]) { $1 }),
                             at: value.position)
        }
        checkKeys(members, allowed: ["from", "to"])
        var instants: [Int?] = []
        for key in ["from", "to"] {
            guard let text = value[key] else {
                instants.append(reportNil(tr("shift must be {example}, the ring moved and when it rings instead: \"{key}\" is missing",
                                              example.merging(["key": key]) { $1 }), at: value.position))
                continue
            }
            instants.append(parse(text, tr("shift's {key} must be a string such as \"2026-12-07T06:45:00+01:00\"", ["key": key])) {
                text throws(ValueError) in try ISO8601.parse(text).seconds
            })
        }
        guard let from = instants[0], let to = instants[1] else { return nil }
        return RingShift(from: from, to: to)
    }

    private mutating func decodeID(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        guard let id = value.stringValue, !id.isEmpty, !id.contains(where: \.isWhitespace) else {
            report(Self.got(tr("id must be a non-empty string without spaces"), value), at: value.position)
            return nil
        }
        if id.allSatisfy(\.isASCIIDigit) {
            report(tr("id \"{id}\" must not be a number (numbers refer to alarms by position)", ["id": id]), at: value.position)
        }
        if let first = idPositions[id] {
            report(tr("duplicate id \"{id}\" (first at {first})", ["id": id, "first": first.description]), at: value.position)
        } else {
            idPositions[id] = value.position
        }
        return id
    }

    private mutating func decodeRepeat(_ entry: JSONValue, members: [JSONMember]) -> AlarmRepeat? {
        if let pattern = members.first(where: { ["every", "monthly", "yearly"].contains($0.key) }) {
            return decodeCalendar(entry, members: members, pattern: pattern).map(AlarmRepeat.calendar)
        }
        if let from = entry["from"] {
            report(tr("\"from\" only goes with \"every\" (e.g. \"every\": \"2w\", \"from\": \"2026-12-07\")"), at: from.position)
            return nil
        }
        let days = entry["days"].flatMap { decodeDays($0) }
        let date = entry["date"].flatMap {
            parse($0, tr("{key} must be a string \"YYYY-MM-DD\"", ["key": "date"]), CalendarDate.init(parsing:))
        }
        if entry["days"] != nil, entry["date"] != nil {
            let later = members.last { $0.key == "days" || $0.key == "date" }!
            report(tr("give \"days\" or \"date\", not both"), at: later.keyPosition)
            return nil
        }
        if let days { return .weekly(days) }
        if let date { return .date(date) }
        return entry["days"] == nil && entry["date"] == nil ? .once : nil
    }

    mutating package func decodeDays(_ value: JSONValue) -> WeekdaySet? {
        if value.stringValue != nil {
            return parse(value, "", WeekdaySet.init(parsingName:))
        }
        guard let names = value.arrayValue else {
            report(Self.got(tr("days must be weekday names such as [\"mon\", \"fri\"] or \"weekdays\""), value), at: value.position)
            return nil
        }
        guard !names.isEmpty else {
            report(tr("days must not be empty (leave \"days\" out for a one-shot alarm)"), at: value.position)
            return nil
        }
        var days = WeekdaySet([])
        var valid = true
        for name in names {
            guard let set = parse(name, tr("days must hold weekday names"), WeekdaySet.init(parsingName:)) else {
                valid = false
                continue
            }
            days.formUnion(set)
        }
        return valid ? days : nil
    }

    /// A string value read by `reader`; a value of another type is reported with `typeMessage`
    /// (worded only then: most values are fine).
    mutating package func parse<T>(_ value: JSONValue, _ typeMessage: @autoclosure () -> String, _ reader: (String) throws(ValueError) -> T) -> T? {
        guard let text = value.stringValue else {
            report(Self.got(typeMessage(), value), at: value.position)
            return nil
        }
        do {
            return try reader(text)
        } catch {
            report(error.message, at: value.position)
            return nil
        }
    }

    mutating package func string(_ value: JSONValue, _ typeMessage: @autoclosure () -> String) -> String? {
        value.stringValue ?? reportNil(Self.got(typeMessage(), value), at: value.position)
    }

    /// `label must be a string, got 3`.
    package static func got(_ expected: String, _ value: JSONValue) -> String {
        tr("{expected}, got {value}", ["expected": expected, "value": value.snippet])
    }

    mutating package func reportNil<T>(_ message: String, at position: SourcePosition) -> T? {
        report(message, at: position)
        return nil
    }
}
