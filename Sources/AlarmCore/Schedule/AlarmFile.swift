/// The alarms file, read and validated: the document as written (for tools that edit it and
/// must keep its order and untouched fields) and the alarms it describes.
public struct AlarmFile: Sendable {
    public var path: String
    public var document: JSONValue
    public var defaults: AlarmSettings
    /// In file order; `alarms[i].position == i + 1`.
    public var alarms: [Alarm]
    /// The text as read, byte for byte what was validated (kept as `run`'s last good copy).
    public var text: String
    /// No alarm rings before this local date (`alarmplay pause`); nil: not paused.
    public var pausedUntil: CalendarDate?
    /// Hooks for every alarm.
    public var hooks: [Hook] = []
    /// The buttons and knobs `run` reads (`"inputs"`).
    public var inputs: [InputSettings] = []
    /// When the night clock is dark (`"night"`).
    public var night = NightHours()
    /// The calendars alarms may refer to by name (`"calendars"`): name → file or URL.
    public var calendars: [String: String] = [:]

    /// Validates alarms-file text; every problem is reported at once.
    public static func parse(_ text: String, path: String, sounds: SoundRegistry?) throws(AlarmFileError) -> AlarmFile {
        // Not JSON at all (the file a symlink in its place points to): said without quoting any of
        // it, as the problems reach the page, its event stream and MQTT.
        if let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }), first != "{", first != "[", first != "/" {
            throw .invalid(path: path, problems: [JSONProblem(tr("not JSON: the alarms file must be an object like {\"alarms\": [...]}"),
                                                              at: SourcePosition(line: 1, column: 1))])
        }
        let parsed = JSONParser.parse(text)
        var decoder = AlarmFileDecoder(sounds: sounds)
        decoder.problems = parsed.problems
        let decoded = parsed.value.map { decoder.decodeFile($0) }
        guard let document = parsed.value, let (defaults, alarms) = decoded, decoder.problems.isEmpty else {
            let problems = decoder.problems.enumerated()
                .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
                .map(\.element)
            throw .invalid(path: path, problems: problems)
        }
        return AlarmFile(path: path, document: document, defaults: defaults, alarms: alarms, text: text, pausedUntil: decoder.pausedUntil,
                         hooks: decoder.hooks, inputs: decoder.inputs, night: decoder.night, calendars: decoder.calendars)
    }

    public var enabledCount: Int { alarms.count { $0.enabled } }

    /// The pause in force at `now`: a pause whose date has come is over (and `validate` says so).
    public func pause(at now: Int, zone: LocalTimeZone = .current) -> CalendarDate? {
        PauseRule.holds(now, pausedUntil: pausedUntil, zone: zone) ? pausedUntil : nil
    }

    /// Problems that do not stop the file from working, for `validate` (exit 0).
    public func warnings(at now: Int, zone: LocalTimeZone = .current) -> [String] {
        var warnings: [String] = []
        if let pausedUntil, pause(at: now, zone: zone) == nil {
            warnings.append(tr("{path}: pausedUntil {date} has passed; it is ignored ('alarmplay resume' removes it)", ["path": path, "date": pausedUntil.description]))
        }
        // A calendar an alarm takes its times from, unread: the alarm still rings, at its fallback.
        for alarm in alarms where alarm.enabled {
            guard let rule = alarm.fromCalendar, let problem = rule.problem else { continue }
            warnings.append(tr("{path}: {id}: its calendar cannot be read ({problem}); it rings at {time} each day until it can", [
                "path": path, "id": alarm.name, "problem": problem, "time": rule.fallback(alarm.time).description,
            ]))
        }
        return warnings + skipDaysWarnings + cutShortWarnings
    }

    /// Each skip-days calendar that cannot be read, said once with the alarms that still ring on its days.
    public var skipDaysWarnings: [String] {
        unreadSkipCalendars.map { unread in
            tr("{path}: skipDays calendar {name} cannot be read ({problem}); it skips no day of {ids} until it can", [
                "path": path, "name": unread.calendar.name, "problem": unread.calendar.problem ?? "", "ids": unread.alarms.joined(separator: ", "),
            ])
        }
    }

    /// The skip-days calendars that could not be read, each once in file order, with the enabled alarms that name them.
    public var unreadSkipCalendars: [(calendar: SkipCalendar, alarms: [String])] {
        var found: [(calendar: SkipCalendar, alarms: [String])] = []
        for alarm in alarms where alarm.enabled {
            for calendar in alarm.skipDays.calendars where calendar.problem != nil {
                if let index = found.firstIndex(where: { $0.calendar.name == calendar.name }) {
                    found[index].alarms.append(alarm.name)
                } else {
                    found.append((calendar, [alarm.name]))
                }
            }
        }
        return found
    }

    /// The alarm an argument names: its id, or its 1-based position (`3`).
    public func alarm(named reference: String) -> Alarm? {
        alarms.alarm(named: reference)
    }
}

extension Array where Element == Alarm {
    /// The alarm a reference names among a file's alarms in their order: its id, or its 1-based position.
    public func alarm(named reference: String) -> Alarm? {
        if let found = first(where: { $0.id == reference }) { return found }
        let digits = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
        guard let position = Int(digits), indices.contains(position - 1) else { return nil }
        return self[position - 1]
    }
}
