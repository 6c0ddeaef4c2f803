/// Everything `run` announces, as a value: published once, on the loop thread, to the log and to
/// every face in the face table, each of which renders it in its own terms (`EventLog`, SSE, MQTT,
/// hooks, the events file). The log line of each is a public interface and keeps its name and fields.
public enum DaemonEvent: Sendable, Equatable {
    // Rings.
    /// `plays`: the file a sound of several (a folder) plays for this ring.
    case fired(id: String, scheduled: Int, lateMilliseconds: Int, snooze: Int?, plays: String? = nil)
    case heldByPause(id: String, scheduled: Int)
    case missed(id: String, scheduled: Int, lateSeconds: Int)
    case silenced(id: String, afterSeconds: Int)
    case snoozed(id: String, until: Int, snoozesLeft: Int)
    case snoozeRefused(id: String, maxSnoozes: Int)
    case stopped(id: String, rangSeconds: Int)
    /// Stopped while snoozed: the snooze's ring will not come.
    case dismissed(id: String)
    case rearmed(id: String)
    case prepared(id: String)
    /// The moment of a `before` hook (`index` in the alarm's hooks, then the file's) for `ring`.
    case hookDue(id: String, index: Int, ring: Int)
    case fallback(id: String, reason: String)
    case bell(id: String, on: Bool)
    case unmuted(id: String, control: String, elements: [String])
    case mixerRestored(control: String, elements: [String])
    /// Ringing unanswered for a while, step `step` (from 1) of `escalate` took effect.
    case escalated(id: String, step: Int, volume: Double?, sound: String?)
    /// The ring did not ring as asked (a fallback sound or device, the bell): worth a report.
    case ringDegraded(id: String, reason: String)

    // Ringing on every alarmplay of the household (`"household": true` in `escalate`).
    /// This `run`'s alarm `id` asked the others to ring.
    case householdRingSent(id: String, HouseholdRing)
    /// Another's ring, rung here as alarm `id`.
    case householdRing(id: String, HouseholdRing)
    /// The ring ended here (alarm `id` stopped or snoozed): the others are told.
    case householdStopSent(id: String, ring: String, snoozed: Bool)
    /// Another member (`by`) stopped or snoozed the ring: alarm `id` stops (or snoozes) here.
    case householdStop(id: String, ring: String, by: String, snoozed: Bool)

    // The check before each ring (`preflight`), for the ring at `ring`.
    case preflightOK(id: String, ring: Int, plays: String? = nil)
    case preflightFailed(id: String, ring: Int, problems: [String])
    /// Problems an earlier check reported are gone (`fixed`); said once.
    case preflightRecovered(id: String, ring: Int, fixed: [String])

    // The schedule and the clock.
    case loaded(ScheduleLoaded)
    /// Alarm `id` rings from `calendar`, which cannot be read: it rings at `fallback` each day until it can.
    case calendarNotRead(id: String, calendar: String, problem: String, fallback: String)
    /// The skip-days `calendar` of `alarms` cannot be read: they skip the days of its last good
    /// read (`keptLastGood`), else none, until it can.
    case skipDaysNotRead(calendar: String, problem: String, alarms: [String], keptLastGood: Bool)
    /// `calendar` was over its budget and read only in part (`reason`): `alarms` use what was read.
    case calendarCutShort(calendar: String, reason: String, alarms: [String])
    case reload(reason: String)
    case noAlarms(problem: String)
    case reloadFailed(problem: String)
    /// A reload that found problems: how many, each then as a `reloadFailed`.
    case reloadRejected(file: String, problems: Int)
    case loadFailed(problem: String)
    case lastGoodNotSaved(problem: String)
    case stateUnreadable(problem: String)
    case stateNotSaved(problem: String)
    case clockChanged(now: Int, lastChecked: Int)
    /// The kernel calls the clock unsynchronised while alarm `id` is due at `ring`, within 12 hours.
    case clockUnsynchronised(id: String, ring: Int)
    /// The kernel calls the clock synchronised again, after `clockUnsynchronised`.
    case clockSynchronised
    /// Another member of the household heard with a clock more than a minute from this one's.
    case clockDisagrees(ClockDisagreement)
    /// That member's clock agrees again: `seconds` apart now.
    case clockAgrees(member: String, seconds: Int)
    case timezoneChanged(now: Int)
    case timerFailed(problem: String)
    case priority(ThreadPriority.Outcome)
    case wakeReady(earlySeconds: Int)
    case noWake(reason: String, hint: String)

    // The wake-up phase before a ring (`wakeUp`), for the ring at `ring`.
    /// It began: `seconds` until the ring, with `sound` rising under it, if any.
    case waking(id: String, ring: Int, seconds: Int, sound: String?)
    /// One of its steps (once a minute): from 0 at its start to 1 at the ring.
    case wakingProgress(id: String, ring: Int, progress: Double)
    /// Time to go to bed for the ring of `id` at `ring` (`"bedtime"`).
    case bedtime(id: String, ring: Int)
    /// Stopped while waking: that ring will not come; the following one does.
    case wakeUpStopped(id: String, ring: Int)
    /// The wake-up sound cannot play: the phase goes on in silence, the ring is untouched.
    case wakeUpSoundFailed(id: String, reason: String)

    // Sounds and timers.
    case previewStarted(sound: String, seconds: Double)
    case previewEnded(reason: String)
    /// The sound heard was made louder or quieter (a button, a knob): its scale now, in percent.
    case volumeChanged(percent: Int)
    case soundAdded(sound: String, path: String)
    /// The page said the reports were seen: `cleared` of them are gone.
    case reportsSeen(cleared: Int)
    case timerStarted(id: String, at: Int, seconds: Int)
    case timerCancelled(id: String)
    /// A sleep timer (`alarmplay sleep`) began playing `sound`, fading out over its last `fadeSeconds`.
    case sleepStarted(sound: String, seconds: Int, fadeSeconds: Int, endsAt: Int)
    case sleepEnded(reason: SleepEnd)

    // The process.
    /// The terminal `run` was started on closed (SIGHUP with no terminal left): it stops, as a
    /// ring nobody can hear or stop there would only hold the control socket from a new `run`.
    case terminalClosed
    case exiting

    case face(FaceReport)
}

/// The alarms file taken into use, at start or on a reload.
public struct ScheduleLoaded: Sendable, Equatable {
    public struct Next: Sendable, Equatable {
        public var id: String
        public var at: Int

        package init(id: String, at: Int) {
            self.id = id
            self.at = at
        }
    }

    public var reloaded: Bool
    public var count: Int
    public var enabled: Int
    public var next: Next?
    public var pausedUntil: String?
    /// Set when the file was invalid at start and its last good copy rings instead.
    public var lastGoodCopy: String?

    package init(reloaded: Bool, count: Int, enabled: Int, next: Next? = nil, pausedUntil: String? = nil, lastGoodCopy: String? = nil) {
        self.reloaded = reloaded
        self.count = count
        self.enabled = enabled
        self.next = next
        self.pausedUntil = pausedUntil
        self.lastGoodCopy = lastGoodCopy
    }
}
