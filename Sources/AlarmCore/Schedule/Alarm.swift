/// When an alarm rings: on some weekdays, on one date, or once at the next occurrence of its time.
public enum AlarmRepeat: Sendable, Equatable, CustomStringConvertible {
    case weekly(WeekdaySet)
    case date(CalendarDate)
    /// Neither days nor date: rings at the first occurrence of the time after it was armed.
    case once
    /// Every N days or weeks, monthly, yearly (`every`, `monthly`, `yearly` in the file).
    case calendar(CalendarRule)

    public var description: String {
        switch self {
        case let .weekly(days): return days.description
        case let .date(date): return date.description
        case .once: return "once"
        case let .calendar(rule): return rule.description
        }
    }
}

/// The settings every alarm can inherit: from the file's `defaults`, else the built-in ones.
public struct AlarmSettings: Sendable, Equatable {
    public var sound: SoundReference
    public var volume: Double
    /// Seconds.
    public var snooze: Int
    public var maxSnoozes: Int
    /// Seconds the alarm rings before it stops by itself.
    public var ringFor: Int
    /// Seconds the volume takes to rise from silence.
    public var fadeIn: Int
    /// The sounds after `sound` when it is a sequence (`"sound": ["speak:time", "stream:radio"]`):
    /// each plays once and the last one loops.
    public var laterSounds: [SoundReference] = []
    /// What plays when `sound` cannot (a stream that is down); nil: the built-in tone.
    public var fallbackSound: SoundReference?
    /// The voice `speak:` sounds use (`en`, `de`); nil: from `LANG`, else English.
    public var voice: String?
    /// Unmute and raise a muted or near-silent mixer while it rings (as a phone's alarm stream
    /// ignores the media volume).
    public var forceAudible: Bool
    /// The devices to ring on, in order (`devices`); nil: `run`'s `--device` list.
    public var devices: [String]?
    /// Seconds before each ring that `run` checks everything the ring needs (`preflight`); 0: never.
    public var preflight = 600
    /// What changes while it rings unanswered (`escalate`), in order.
    public var escalate: [Escalation] = []
    /// Seconds before each ring that it is "waking" (`wakeUp`); 0: no wake-up phase.
    public var wakeUp = 0
    /// What plays over the wake-up phase, rising from silence to `volume` (`wakeUpSound`); nil: silence.
    public var wakeUpSound: SoundReference?
    /// The reminder to go to bed in time for this alarm; nil: none.
    public var bedtime: Bedtime?
    /// Where its sun is, for a `sun` alarm.
    public var location: Location?

    public init(
        sound: SoundReference, volume: Double, snooze: Int, maxSnoozes: Int, ringFor: Int, fadeIn: Int, forceAudible: Bool = true,
        fallbackSound: SoundReference? = nil
    ) {
        self.fallbackSound = fallbackSound
        self.sound = sound
        self.volume = volume
        self.snooze = snooze
        self.maxSnoozes = maxSnoozes
        self.ringFor = ringFor
        self.fadeIn = fadeIn
        self.forceAudible = forceAudible
    }

    /// Documented in the README; the tone is always available, so a fresh setup rings.
    /// Every sound it plays, in order.
    public var sequence: [SoundReference] { [sound] + laterSounds }

    public static let builtIn = AlarmSettings(
        sound: .name("tone:classic"), volume: 0.8, snooze: 9 * 60, maxSnoozes: 3, ringFor: 10 * 60, fadeIn: 30
    )
}

/// One alarm of the alarms file, with every setting resolved.
public struct Alarm: Sendable, Equatable {
    public var id: String?
    /// 1-based place in the file's `alarms` array; how an alarm without an id is referred to.
    public var position: Int
    public var label: String?
    public var time: TimeOfDay
    public var repeats: AlarmRepeat
    public var enabled: Bool
    public var settings: AlarmSettings
    /// The one ring (epoch seconds) the user chose to skip (`"skip"` in the file, written by
    /// `alarmplay skip`). Kept in the alarms file rather than in `state.json` so that `run`,
    /// which reloads the file on every change, honours it at once.
    public var skip: Int?
    /// The one ring the user moved (`"shift"` in the file, written by `alarmplay shift`).
    public var shift: RingShift?
    /// Dates a repeating alarm does not ring on (`"except"`), and its last date (`"until"`).
    public var except: Set<CalendarDate> = []
    public var until: CalendarDate?
    /// The calendars whose days it does not ring on (`"skipDays"`), repeating alarms only.
    public var skipDays = SkipDays()
    /// A time per weekday (`"times"`), in place of one `time` for all its days; empty: `time`.
    public var times: [Weekday: TimeOfDay] = [:]
    /// Each day's time from the sun (`"sun"`), at `settings.location`.
    public var sun: SunRule?
    /// Each day's time from the day's first appointment (`"fromCalendar"`).
    public var fromCalendar: AppointmentRule?
    /// What gives each day its time in place of one `time`, in a few words in the reader's language (`mon,tue 06:30, sat 09:30`,
    /// `sunrise −30m (06:00–07:30)`); nil for one time.
    public var dayRuleText: String? { timesWords ?? sun?.description ?? fromCalendar?.description }
    /// Its own hooks; those at the top of the file apply to it too (`AlarmFile.hooks`).
    public var hooks: [Hook] = []

    public init(
        id: String? = nil, position: Int, label: String? = nil, time: TimeOfDay, repeats: AlarmRepeat = .once,
        enabled: Bool = true, settings: AlarmSettings = .builtIn, skip: Int? = nil
    ) {
        self.id = id
        self.position = position
        self.label = label
        self.time = time
        self.repeats = repeats
        self.enabled = enabled
        self.settings = settings
        self.skip = skip
        stateKey = id ?? Self.contentKey(time: time, repeats: repeats, label: label)
    }

    /// What commands and logs call it: its id, else `#3` (its position).
    public var name: String { id ?? "#\(position)" }

    /// The key its persisted state (done, skipped, a pending snooze) is stored under: its id, or
    /// for an alarm without one what it is (time, days or date, label), never its position, so
    /// removing or reordering other alarms cannot hand its state to a neighbour. Identical
    /// id-less alarms are told apart in file order (`AlarmFileDecoder`).
    public var stateKey: String

    package static func contentKey(time: TimeOfDay, repeats: AlarmRepeat, label: String?) -> String {
        "~\(time) \(repeats)" + (label.map { " \($0)" } ?? "")
    }

    /// Changes whenever what decides its rings changes, so state kept for an earlier version
    /// of the alarm (done, skipped, armed) is dropped after an edit or a re-enable.
    public var fingerprint: String {
        "\(time) \(repeats) \(enabled ? "on" : "off")" + (until.map { " until \($0)" } ?? "") + (timesText.map { " times \($0)" } ?? "") + (sun.map { " sun \($0)" } ?? "")
            + (fromCalendar.map { " fromCalendar \($0.calendar) \($0.before) \($0.earliest?.description ?? "") \($0.latest?.description ?? "") \($0.otherwise?.description ?? "")" } ?? "")
    }
}
