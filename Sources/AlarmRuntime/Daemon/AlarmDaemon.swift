import AlarmCore
import AlarmAudio
#if canImport(Glibc)
import Glibc
#endif

/// `alarmplay run`: the long-lived alarm process. One thread runs a poll loop over a
/// wall-clock timerfd armed for the next ring, an inotify watch on the alarms file, signals, the
/// control socket and stdin; sound plays on a ringer thread. Nothing wakes it between events.
public final class AlarmDaemon {
    package let configuration: Configuration
    /// The schedule and its decisions; everything else here is the loop and the world around it.
    package var model: ScheduleModel
    package var clock: any WallClock { model.clock }
    package let loop = EventLoop()
    /// The timer, the watches, the signals and the notifier.
    package let sources: LoopSources
    package var timer: WallClockTimer { sources.timer }
    package var notifier: Notifier { sources.notifier }
    package var wakeAbility: WakeAbility { sources.wakeAbility }
    lazy package var calendarRefresher = CalendarRefresher(notifier: notifier)
    package let stateKeeper: StateKeeper

    /// The alarms file and its last good copy.
    package let source: ScheduleSource
    /// When the `before` hooks run.
    package var beforeHooks = BeforeHookPlan()
    /// When the bedtime reminders come.
    package var bedtimes = BedtimePlan()
    /// The sounds: the one heard, the one opened ahead, a preview.
    /// What the check before a ring found broken is left out of its sound (`replacingBroken`).
    lazy package var engine = RingEngine(clock: clock, amend: { [unowned self] in replacingBroken($1, for: $0) },
                                         start: seams.startSound ?? { [unowned self] in
        // The engine holds only the ringers started here.
        startRinger($0, id: $1, after: $2 as? Ringer)
    })
    private let seams: DaemonSeams
    /// What plays that is not an alarm: a preview, a sleep timer, the next alarm said aloud.
    lazy package var previews = Previews(engine: engine) { [unowned self] in event($0) }
    package var sleepTimer: SleepTimer? { previews.sleepTimer }
    /// The mixer made audible for the ringing alarms, off the loop.
    package let mixer: MixerGuard
    /// When each ring is checked ahead and what was found (`AlarmDaemon+Preflight`).
    package var preflight = PreflightPlan()
    /// What was said of the wake-up phases (`AlarmDaemon+WakeUp`).
    package var wakeUps = WakeUpPlan()
    /// Which rings were said to be degraded, and the reports kept for the page.
    package var ringReports = RingReports()
    /// Rings that did not ring as asked (`ring_degraded`) and missed ones, as events, kept (in
    /// state.json, so a restart keeps them too) until the page says they were seen.
    package var reports: [JSONValue] {
        get { model.state.reports }
        set { model.state.reports = newValue }
    }
    /// The household rings this `run` takes part in.
    package var household: HouseholdLink
    /// The faces, in the order they hear each event.
    package var faces: [any DaemonFace] = []
    /// What ringer threads had to say, waiting for the loop to publish it.
    package let ringerInbox = RingerInbox()
    /// The faces' edits of the alarms file, off the loop.
    package let worker: OffLoopWorker
    package var exitCode = ExitCode.success
    /// What the loop thread's scheduling priority is (the ringers ask for the same).
    package var priority = ThreadPriority.Outcome.normal(nice: 0, reason: "not asked yet")

    package init(_ configuration: Configuration, seams: DaemonSeams = DaemonSeams()) throws {
        self.configuration = configuration
        self.seams = seams
        model = ScheduleModel(clock: seams.clock)
        sources = try LoopSources(alarmsPath: configuration.alarmsPath)
        worker = OffLoopWorker(notifier: sources.notifier)
        mixer = MixerGuard(notifier: sources.notifier)
        household = HouseholdLink(instance: HouseholdIdentity.instance(configuration), deviceName: configuration.mqtt?.deviceName)
        stateKeeper = StateKeeper(path: configuration.statePath, notifier: sources.notifier)
        source = ScheduleSource(alarmsPath: configuration.alarmsPath, folders: configuration.soundFolders, statePath: configuration.statePath)
    }

    package var log: EventLog { configuration.log }

    /// Loads the alarms and runs until SIGTERM, or Ctrl-C while nothing rings. `faces` make the
    /// faces, each given this daemon as its `FaceHost` (nil: that face is off).
    package func run(faces makers: [(any FaceHost) throws -> (any DaemonFace)?]) throws -> ExitCode {
        priority = ThreadPriority.raiseCurrentThread()
        event(.priority(priority))
        reportWake()
        let loaded = stateKeeper.load()
        model.state = loaded.state
        if let problem = loaded.problem { event(.stateUnreadable(problem: problem)) }
        // The faces before the alarms, so that they hear `loaded` too (and once it is logged,
        // `alarmplay status` works). The first of them, the control socket, stops a second `run`.
        faces = try makers.compactMap { try $0(self) }
        for face in faces { face.start() }
        try loadAlarms()
        wireEvents()
        evaluate(clockChanged: false)
        loop.run()
        shutdown()
        return exitCode
    }

    private func wireEvents() {
        sources.watch(on: loop, LoopSources.Handlers(
            timer: { [unowned self] in evaluate(clockChanged: $0 == .clockChanged) },
            alarmsFile: { [unowned self] in reload(reason: "file changed") },
            // `evaluate` re-reads the zone (tzset) before it computes anything.
            zone: { [unowned self] in
                event(.timezoneChanged(now: clock.now().seconds))
                evaluate(clockChanged: true)
            },
            signal: { [unowned self] in handleSignal($0) },
            news: { [unowned self] in takeNews() }))
    }

    /// What other threads finished or said (edits, state writes, calendars, ringers, the mixer).
    package func takeNews() {
        worker.deliver()
        reportUnsavedState()
        for report in calendarRefresher.drain() { event(.face(report)) }
        for (id, ringEvent) in ringerInbox.drain() { publish(ringEvent, id: id) }
        for said in mixer.drain() { event(said) }
        ringerChanged()
    }

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGHUP: _ = perform(.reload)
        case SIGINT: _ = perform(.interrupt)
        default: _ = perform(.quit)
        }
    }

    /// Handles everything due up to now, then arms the timer for the next thing due. Every path
    /// that changes what is due (requests, edits, timers, reloads, clock changes) ends here, never
    /// in `armTimer` alone: a request handled just after a ring's second, before the timer's own
    /// wake, would otherwise arm past that ring and throw away the expiry pending for it.
    package func evaluate(clockChanged: Bool) {
        LocalTimeZone.reload()
        if clockChanged {
            engine.dropPrepared()
            let now = clock.now().seconds
            event(.clockChanged(now: now, lastChecked: model.state.lastChecked ?? now))
        }
        let due = model.evaluate()
        announce()
        saveState()
        armTimer(for: due)
    }

    /// Arms the timer for the next thing due after the last second `evaluate` handled. A second
    /// before a ring it wakes once more to open the sound and the device ahead (connecting to a
    /// sound server takes milliseconds that must not make the alarm late); nothing else wakes it.
    private func armTimer(for due: Ring?) {
        let lead = due.map { preroll(for: $0.alarm) + (soundPhase(for: $0)?.seconds ?? 0) } ?? SoundDetails().openAheadSeconds
        prepare(due, preroll: lead)
        // A suspended machine is woken early: the sound server and the device need time to come
        // back before the pre-roll opens them.
        let hook = runBeforeHooks(now: clock.now().seconds)
        let check = runPreflights()
        let waking = runWakeUps()
        let bedtime = runBedtime(now: clock.now().seconds)
        let next = model.deadline(for: due, preroll: lead, soundOpen: engine.isOpen,
                                  wakeEarly: timer.wakesFromSuspend ? configuration.wakeEarly : nil,
                                  also: [hook, check, waking, bedtime].compactMap { $0 }.min())
        do {
            // A step that came while this evaluation ran: what is due is worked out again.
            if try timer.arm(at: next.map { (Int64($0.seconds), Int64($0.nanoseconds)) }) == .clockChanged {
                evaluate(clockChanged: true)
            }
        } catch {
            event(.timerFailed(problem: "\(error)"))
        }
    }

    package func preroll(for alarm: Alarm) -> Int {
        (try? source.registry.resolve(alarm.settings.sound).sound.details.openAheadSeconds) ?? SoundDetails().openAheadSeconds
    }

    /// Once, loudly when it cannot: a laptop that suspends overnight would stay asleep.
    private func reportWake() {
        if timer.wakesFromSuspend {
            event(.wakeReady(earlySeconds: configuration.wakeEarly))
        } else {
            event(.noWake(
                reason: timer.noWakeReason ?? "unknown",
                hint: "a suspended machine will not wake for alarms: run as a system service ('sudo alarmplay install-service --system' grants CAP_WAKE_ALARM), or keep the machine from suspending"))
        }
    }

    /// Keeps the ringer opened ahead in step with what is due next.
    package func prepare(_ due: Ring?, preroll: Int) {
        let opened = engine.prepare(due, opensAhead: due.map { model.opensAhead($0, preroll: preroll) } ?? false, devices: devices(for:),
                                    wakeUp: due.flatMap(soundPhase(for:)))
        if opened.endedPreview { previews.ended(reason: "alarm") }
        if opened.opened, let due { event(.prepared(id: due.alarm.name)) }
    }

    /// Writes state.json when it changed, off the loop.
    package func saveState() { stateKeeper.save(model.state) }

    private func reportUnsavedState() {
        for problem in stateKeeper.drainFailures() { event(.stateNotSaved(problem: problem)) }
    }

    /// The faces go last, so that they hear everything up to `exiting`.
    private func shutdown() {
        engine.stopAll()
        mixer.restoreBeforeExit()
        for said in mixer.drain() { event(said) }
        model.state.lastChecked = clock.now().seconds
        stateKeeper.flush(model.state)
        reportUnsavedState()
        event(.exiting)
        for face in faces { face.stop() }
        faces = []
    }

    /// Every event goes out once, here: to the log, and to every face in the face table.
    package func event(_ event: DaemonEvent) {
        for face in faces { face.beforeLogLine() }
        log.log(event)
        let now = clock.now()
        if let kept = RingReports.keeping(event, at: now, in: reports) {
            reports = kept
            saveState()
        }
        for face in faces { face.publish(event, at: now) }
        followHousehold(event)
    }
}
