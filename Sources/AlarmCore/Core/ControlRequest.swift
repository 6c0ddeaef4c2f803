/// A command to the running alarm process, from any face: a key, a line on stdin or the control
/// socket, the page, Home Assistant, a signal. `AlarmDaemon.perform` handles each in one place
/// and returns a `CommandResult` the face renders.
public enum ControlRequest: Sendable, Equatable {
    case snooze(id: String?)
    case stop(id: String?)
    case status
    case help
    /// Forget what `run` remembers of an alarm that was just switched on (a one-shot that
    /// already rang is done): it rings at its next time, as a phone's alarm does.
    case rearm(id: String)
    /// Ctrl-C (the key or SIGINT): stops the ringing alarms, or quits when none rings.
    case interrupt
    /// SIGTERM: quits.
    case quit
    /// SIGHUP: reads the alarms file again.
    case reload
    /// The alarms with what each does next, in file order.
    case listAlarms
    case listSounds
    /// Changes of the alarms file, made by the one locked writer off the loop; the result is the
    /// alarm as listed after the change.
    case addAlarm(AlarmChanges)
    case editAlarm(id: String, AlarmChanges)
    case removeAlarm(id: String)
    /// Switching an alarm on also re-arms it (`rearm`).
    case setEnabled(id: String, Bool)
    case skip(id: String)
    case unskip(id: String)
    /// Moves only the next ring (`alarmplay shift`); nil puts it back.
    case shift(id: String, RingShift.Target?)
    /// Plays a sound on the alarms' device for at most 30 s; a ringing alarm always wins.
    case preview(sound: String, volume: Double)
    case stopPreview
    /// Plays a sound for a while and fades it out (`alarmplay sleep`); a ringing alarm always wins.
    case startSleep(SleepRequest)
    case stopSleep
    case startTimer(seconds: Int, label: String?)
    case cancelTimer(id: String)
    /// Keeps an uploaded file in the user's sound folder if it plays; checked off the loop.
    /// `file` holds the upload as it was received, and is the face's until the request is over:
    /// the sound is linked into place from it, never moved.
    case addSound(name: String, file: String)
    /// The page showed the reports (`ring_degraded`, `missed`): they need not be kept any more.
    case reportsSeen
    /// Another alarmplay of the household asks this one to ring (MQTT).
    case householdRing(HouseholdRing)
    /// Another alarmplay (`by`) stopped or snoozed a household ring.
    case householdEnded(ring: String, by: String, snoozed: Bool)
    /// A household message said its sender's clock: compared with this one on receipt.
    case householdClock(HouseholdClockReading)
    /// The sound heard (a ring, else the sleep timer or a preview) a step louder or quieter.
    case volume(louder: Bool)
    /// Says when the next alarm is (`speak:`), when nothing rings.
    case sayNext

    /// `snooze`, `s`, `z`, `stop`, `x`, `status`, each optionally followed by an alarm id;
    /// `louder`, `quieter`, `next`; case-insensitive; and `sleep` with its words (`SleepRequest`).
    /// Nil for anything else.
    public init?(line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.first?.lowercased() == "sleep" {
            guard let request = ControlRequest(sleepWords: words.dropFirst()) else { return nil }
            self = request
            return
        }
        guard let verb = words.first?.lowercased(), words.count <= 2 else { return nil }
        let id = words.count == 2 ? words[1] : nil
        switch verb {
        case "snooze", "s", "z": self = .snooze(id: id)
        case "stop", "x", "dismiss": self = .stop(id: id)
        case "status": self = .status
        case "help", "?": self = .help
        case "louder" where id == nil: self = .volume(louder: true)
        case "quieter" where id == nil: self = .volume(louder: false)
        case "next" where id == nil: self = .sayNext
        case "rearm":
            guard let id else { return nil }
            self = .rearm(id: id)
        default: return nil
        }
    }

    /// The line the client sends over the socket. The others have one for the log only: they
    /// come from keys, signals, the page and Home Assistant, and no socket client can end `run`.
    public var line: String {
        switch self {
        case let .snooze(id): return id.map { "snooze \($0)" } ?? "snooze"
        case let .stop(id): return id.map { "stop \($0)" } ?? "stop"
        case .status: return "status"
        case .help: return "help"
        case let .rearm(id): return "rearm \(id)"
        case .interrupt: return "interrupt"
        case .quit: return "quit"
        case .reload: return "reload"
        case .listAlarms: return "list"
        case .listSounds: return "sounds"
        case .addAlarm: return "add"
        case let .editAlarm(id, _): return "edit \(id)"
        case let .removeAlarm(id): return "remove \(id)"
        case let .setEnabled(id, on): return (on ? "enable " : "disable ") + id
        case let .skip(id): return "skip \(id)"
        case let .unskip(id): return "unskip \(id)"
        case let .shift(id, target): return "shift \(id) " + (target.map(\.description) ?? "--clear")
        case let .preview(sound, _): return "preview \(sound)"
        case .stopPreview: return "preview --stop"
        case let .startSleep(request): return request.line
        case .stopSleep: return "sleep --stop"
        case let .startTimer(seconds, _): return "timer \(seconds)s"
        case let .cancelTimer(id): return "timer --cancel \(id)"
        case let .addSound(name, _): return "add-sound \(name)"
        case .reportsSeen: return "reports --seen"
        case let .householdRing(ring): return "household ring \(ring.ring)"
        case let .householdEnded(ring, _, snoozed): return "household \(snoozed ? "snooze" : "stop") \(ring)"
        case let .householdClock(reading): return "household clock \(reading.member)"
        case let .volume(louder): return louder ? "louder" : "quieter"
        case .sayNext: return "next"
        }
    }

    public static let keyHelp = untranslated("keys: z/s/Space/Enter snooze · x/q/Esc stop · ? help · Ctrl-C stops ringing, or quits when quiet")
}
