/// One alarm as `list` (and the commands that change alarms) show it: its settings, its sound
/// by name and index, and where it stands.
public struct AlarmListing: Sendable {
    public var alarm: Alarm
    /// Nil when the registry does not know the sound (the file was read without checking sounds).
    public var sound: SoundEntry?
    public var status: AlarmStatus
    public var now: Int
    /// Its next ring that does not happen (a calendar's day, an except date, a pause), with why.
    public var nextSkip: SkippedRing?
    /// The file its sound (one of several: a folder) plays for its next ring, when `run` knows it.
    public var plays: String?

    public init(alarm: Alarm, sound: SoundEntry?, state: AlarmState?, now: Int, zone: LocalTimeZone = .current) {
        self.init(alarm: alarm, sound: sound, status: alarm.status(now: now, state: state, zone: zone), now: now)
    }

    /// As `Snapshot.listing` makes it, with the status the snapshot gives (snoozes, pauses).
    public init(alarm: Alarm, sound: SoundEntry?, status: AlarmStatus, now: Int, nextSkip: SkippedRing? = nil) {
        self.nextSkip = nextSkip
        self.alarm = alarm
        self.sound = sound
        self.status = status
        self.now = now
    }

    /// Its status's word for programs, and the ring it names (the next, a snooze's end).
    public var statusAndRing: (name: String, ring: Int?) {
        switch status {
        case .off: ("off", nil)
        case .done: ("done", nil)
        case let .rings(at), let .shifted(at, _): ("rings", at)
        case let .snoozed(until): ("snoozed", until)
        case let .skipped(next): ("skipped", next)
        }
    }

    public var nextRing: Int? { statusAndRing.ring }

    /// The table's column names, in the user's language.
    public static var header: [String] {
        [tr("ID"), tr("ON"), tr("TIME"), tr("DAYS/DATE"), tr("LABEL"), tr("SOUND"), tr("NEXT")]
    }

    public func row(format: TimeFormat) -> [String] {
        [
            alarm.name, alarm.enabled ? tr("on") : tr("off"), alarm.dayRuleText ?? alarm.time.description, alarm.repeats.words,
            alarm.label ?? "-", soundText,
            next(format: format) + (plays.map { ", " + tr("plays {file}", ["file": $0]) } ?? "") + (nextSkip.map { "; " + $0.line(format: format) } ?? ""),
        ]
    }

    /// `tone:classic (0)`: the name survives new sound files, the index is what the original app showed.
    public var soundText: String {
        let first = sound.map { "\($0.sound.name) (\($0.index))" } ?? alarm.settings.sound.description
        return ([first] + alarm.settings.laterSounds.map(\.description)).joined(separator: ", ")
    }

    /// `in 7h 12m (Mon 07 Dec 06:45)`, `skipped once, then in 1d 7h (Tue 08 Dec 06:45)`,
    /// `in 7h 57m (Mon 07 Dec 07:30), moved once from 06:45`, `done`, `off`.
    public func next(format: TimeFormat) -> String {
        switch status {
        case .off: return tr("off")
        case .done: return tr("done")
        case let .rings(at): return ring(at, format: format)
        case let .shifted(at, from):
            return tr("{next}, moved once from {time}", ["next": ring(at, format: format), "time": format.zone.localTime(at: from).time.description])
        case let .snoozed(until): return tr("snoozed, {next}", ["next": ring(until, format: format)])
        case let .skipped(next):
            return next.map { tr("skipped once, then {next}", ["next": ring($0, format: format)]) } ?? tr("skipped once")
        }
    }

    /// The ring the next one replaces, when it was moved.
    public var shiftedFrom: Int? {
        if case let .shifted(_, from) = status { return from }
        return nil
    }

    private func ring(_ at: Int, format: TimeFormat) -> String {
        "\(TimeFormat.relative(from: now, to: at)) (\(format.short(at, from: now)))"
    }

    public func json(format: TimeFormat) -> JSONValue {
        var days: JSONValue = .null
        var date: JSONValue = .null
        switch alarm.repeats {
        case let .weekly(set): days = .array(set.names.map(JSONValue.string))
        case let .date(day): date = .string(day.description)
        case .once, .calendar: break
        }
        let settings = alarm.settings
        let (statusName, nextRing) = statusAndRing
        return [
            "id": .optional(alarm.id), "position": .int(alarm.position), "enabled": .bool(alarm.enabled),
            "time": .string(alarm.time.description), "days": days, "date": date, "pattern": .string(alarm.repeats.description),
            "label": .optional(alarm.label),
            // What gives each day its time, in words, for an alarm that follows the sun or a calendar.
            "rule": .optional(alarm.sun?.description ?? alarm.fromCalendar?.description),
            "times": alarm.times.isEmpty ? .null : .object(Weekday.allCases.compactMap { day in alarm.times[day].map { (day.shortName, .string($0.description)) } }),
            "sound": ["name": .optional(sound?.sound.name), "index": sound.map { .int($0.index) } ?? .null,
                      "reference": .string(settings.sound.description),
                      "sequence": .array(settings.sequence.map { .string($0.description) }), "plays": .optional(plays)],
            "volume": .double(settings.volume), "snooze": .int(settings.snooze), "maxSnoozes": .int(settings.maxSnoozes),
            "ringFor": .int(settings.ringFor), "fadeIn": .int(settings.fadeIn),
            "wakeUp": .int(settings.wakeUp), "wakeUpSound": .optional(settings.wakeUpSound?.description),
            "status": .string(statusName), "next": nextRing.map { .string(format.iso($0)) } ?? .null,
            "skip": alarm.skip.map { .string(format.iso($0)) } ?? .null,
            "nextSkip": nextSkip.map { ["at": .string(format.iso($0.at)), "text": .string($0.line(format: format)), "reason": $0.reason.json] } ?? .null,
            "shift": alarm.shift.map { ["from": .string(format.iso($0.from)), "to": .string(format.iso($0.to))] } ?? .null,
            "shiftedFrom": shiftedFrom.map { .string(format.iso($0)) } ?? .null,
        ]
    }
}
