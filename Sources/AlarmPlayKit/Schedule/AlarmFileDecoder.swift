/// Turns a parsed alarms document into alarms, collecting every problem instead of stopping at
/// the first, each at the position of the value or key at fault.
struct AlarmFileDecoder {
    static let topLevelKeys = ["pausedUntil", "hooks", "devices", "preflight", "escalate", "skipDays", "defaults", "alarms"]
    static let settingKeys = ["sound", "fallbackSound", "volume", "snooze", "maxSnoozes", "ringFor", "fadeIn", "forceAudible", "voice", "devices", "preflight", "escalate", "wakeUp", "wakeUpSound"]
    static let alarmKeys = ["id", "label", "time", "days", "date", "every", "from", "monthly", "yearly", "except", "until", "skipDays", "enabled"]
        + settingKeys + ["hooks", "skip", "shift"]

    let sounds: SoundRegistry?
    var problems: [JSONProblem] = []
    /// `"pausedUntil"`: no alarm rings before this date.
    var pausedUntil: CalendarDate?
    /// `"hooks"` at the top of the file: for every alarm.
    var hooks: [Hook] = []
    /// `"skipDays"` at the top of the file: for every repeating alarm without its own.
    var skipDays: [String] = []
    private var idPositions: [String: SourcePosition] = [:]

    init(sounds: SoundRegistry?) {
        self.sounds = sounds
    }

    mutating func report(_ message: String, at position: SourcePosition) {
        problems.append(JSONProblem(message, at: position))
    }

    mutating func decodeFile(_ document: JSONValue) -> (AlarmSettings, [Alarm]) {
        guard let members = document.members else {
            report("the alarms file must be an object like {\"alarms\": [...]}, got \(document.typeDescription)", at: document.position)
            return (.builtIn, [])
        }
        checkKeys(members, allowed: Self.topLevelKeys)
        hooks = document["hooks"].map { decodeHooks($0) } ?? []
        skipDays = document["skipDays"].flatMap { decodeSkipDays($0) } ?? []
        pausedUntil = document["pausedUntil"].flatMap {
            parse($0, "pausedUntil must be a string \"YYYY-MM-DD\" (written by 'alarmplay pause')", CalendarDate.init(parsing:))
        }
        var defaults = AlarmSettings.builtIn
        // `devices`, `preflight` and `escalate` at the top of the file are defaults like those in
        // `defaults`, where they may go too.
        if let value = document["devices"] { defaults.devices = decodeDevices(value) }
        if let value = document["preflight"], let seconds = decodeDuration(value, "preflight", Self.preflightRange) { defaults.preflight = seconds }
        if let value = document["escalate"], let steps = decodeEscalation(value) { defaults.escalate = steps }
        if let block = document["defaults"] {
            if let settings = block.members {
                checkKeys(settings, allowed: Self.settingKeys, misplaced: "has no default")
                defaults = decodeSettings(block, inheriting: defaults)
            } else {
                report("\"defaults\" must be an object, got \(block.typeDescription)", at: block.position)
            }
        }
        guard let list = document["alarms"] else {
            report("missing \"alarms\" (an array of alarms, e.g. \"alarms\": [{\"time\": \"07:00\"}])", at: document.position)
            return (defaults, [])
        }
        guard let entries = list.arrayValue else {
            report("\"alarms\" must be an array, got \(list.typeDescription)", at: list.position)
            return (defaults, [])
        }
        var alarms: [Alarm] = []
        alarms.reserveCapacity(entries.count)
        var seen: [String: Int] = [:]
        for (offset, entry) in entries.enumerated() {
            guard var alarm = decodeAlarm(entry, position: offset + 1, defaults: defaults) else { continue }
            seen[alarm.stateKey, default: 0] += 1
            if alarm.id == nil, let count = seen[alarm.stateKey], count > 1 { alarm.stateKey += " (\(count))" }
            alarms.append(alarm)
        }
        return (defaults, alarms)
    }

    /// Unknown keys are errors: a misspelt `enabeld` must not silently leave an alarm on.
    /// `misplaced` words the message for keys that are valid for alarms but not here.
    private mutating func checkKeys(_ members: [JSONMember], allowed: [String], misplaced: String? = nil) {
        for member in members where !allowed.contains(member.key) {
            if let misplaced, Self.alarmKeys.contains(member.key) {
                report("\"\(member.key)\" \(misplaced) (allowed: \(allowed.joined(separator: ", ")))", at: member.keyPosition)
                continue
            }
            let hint = Suggestion.closest(to: member.key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
            report("unknown key \"\(member.key)\"\(hint)", at: member.keyPosition)
        }
    }

    private mutating func decodeAlarm(_ entry: JSONValue, position: Int, defaults: AlarmSettings) -> Alarm? {
        guard let members = entry.members else {
            report("alarm \(position) must be an object, got \(entry.typeDescription)", at: entry.position)
            return nil
        }
        let before = problems.count
        checkKeys(members, allowed: Self.alarmKeys)
        let id = decodeID(entry["id"])
        let label = entry["label"].flatMap { string($0, "label must be a string") }
        let enabled = entry["enabled"].flatMap { value in
            value.boolValue ?? reportNil("enabled must be true or false, got \(value.snippet)", at: value.position)
        }
        var time: TimeOfDay?
        if let value = entry["time"] {
            time = parse(value, "time must be a string \"HH:MM\" or \"HH:MM:SS\"", TimeOfDay.init(parsing:))
        } else {
            report("alarm \(position) has no \"time\" (e.g. \"time\": \"07:00\")", at: entry.position)
        }
        let repeats = decodeRepeat(entry, members: members)
        let settings = decodeSettings(entry, inheriting: defaults)
        let skip = entry["skip"].flatMap {
            parse($0, "skip must be a string such as \"2026-12-07T06:45:00+01:00\" (the ring to skip)") {
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
        (alarm.except, alarm.until) = decodeLimits(entry, repeats: repeats)
        alarm.skipDays.sources = decodeAlarmSkipDays(entry, repeats: repeats)
        alarm.hooks = entry["hooks"].map { decodeHooks($0) } ?? []
        return alarm
    }

    /// `"shift": {"from": "2026-12-07T06:45:00+01:00", "to": "2026-12-07T07:30:00+01:00"}`.
    private mutating func decodeShift(_ value: JSONValue) -> RingShift? {
        let example = "shift must be {\"from\": ISO, \"to\": ISO}, the ring moved and when it rings instead"
        guard let members = value.members else { return reportNil("\(example), got \(value.snippet)", at: value.position) }
        checkKeys(members, allowed: ["from", "to"])
        var instants: [Int?] = []
        for key in ["from", "to"] {
            guard let text = value[key] else {
                instants.append(reportNil("\(example): \"\(key)\" is missing", at: value.position))
                continue
            }
            instants.append(parse(text, "shift's \(key) must be a string such as \"2026-12-07T06:45:00+01:00\"") {
                text throws(ValueError) in try ISO8601.parse(text).seconds
            })
        }
        guard let from = instants[0], let to = instants[1] else { return nil }
        return RingShift(from: from, to: to)
    }

    private mutating func decodeID(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        guard let id = value.stringValue, !id.isEmpty, !id.contains(where: \.isWhitespace) else {
            report("id must be a non-empty string without spaces, got \(value.snippet)", at: value.position)
            return nil
        }
        if id.allSatisfy(\.isASCIIDigit) {
            report("id \"\(id)\" must not be a number (numbers refer to alarms by position)", at: value.position)
        }
        if let first = idPositions[id] {
            report("duplicate id \"\(id)\" (first at \(first))", at: value.position)
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
            report("\"from\" only goes with \"every\" (e.g. \"every\": \"2w\", \"from\": \"2026-12-07\")", at: from.position)
            return nil
        }
        let days = entry["days"].flatMap { decodeDays($0) }
        let date = entry["date"].flatMap {
            parse($0, "date must be a string \"YYYY-MM-DD\"", CalendarDate.init(parsing:))
        }
        if entry["days"] != nil, entry["date"] != nil {
            let later = members.last { $0.key == "days" || $0.key == "date" }!
            report("give \"days\" or \"date\", not both", at: later.keyPosition)
            return nil
        }
        if let days { return .weekly(days) }
        if let date { return .date(date) }
        return entry["days"] == nil && entry["date"] == nil ? .once : nil
    }

    mutating func decodeDays(_ value: JSONValue) -> WeekdaySet? {
        if value.stringValue != nil {
            return parse(value, "", WeekdaySet.init(parsingName:))
        }
        guard let names = value.arrayValue else {
            report("days must be weekday names such as [\"mon\", \"fri\"] or \"weekdays\", got \(value.snippet)", at: value.position)
            return nil
        }
        guard !names.isEmpty else {
            report("days must not be empty (leave \"days\" out for a one-shot alarm)", at: value.position)
            return nil
        }
        var days = WeekdaySet([])
        var valid = true
        for name in names {
            guard let set = parse(name, "days must hold weekday names", WeekdaySet.init(parsingName:)) else {
                valid = false
                continue
            }
            days.formUnion(set)
        }
        return valid ? days : nil
    }

    /// A string value read by `reader`; a value of another type is reported with `typeMessage`.
    mutating func parse<T>(_ value: JSONValue, _ typeMessage: String, _ reader: (String) throws(ValueError) -> T) -> T? {
        guard let text = value.stringValue else {
            report("\(typeMessage), got \(value.snippet)", at: value.position)
            return nil
        }
        do {
            return try reader(text)
        } catch {
            report(error.message, at: value.position)
            return nil
        }
    }

    mutating func string(_ value: JSONValue, _ typeMessage: String) -> String? {
        value.stringValue ?? reportNil("\(typeMessage), got \(value.snippet)", at: value.position)
    }

    mutating func reportNil<T>(_ message: String, at position: SourcePosition) -> T? {
        report(message, at: position)
        return nil
    }
}
