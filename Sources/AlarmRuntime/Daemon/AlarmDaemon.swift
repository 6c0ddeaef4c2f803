import AlarmCore

/// `alarmplay run`: the long-lived alarm process. One thread runs a poll loop over a
/// wall-clock timerfd armed for the next ring, an inotify watch on the alarms file, signals, the
/// control socket and stdin; sound plays on a ringer thread. Nothing wakes it between events.
public final class AlarmDaemon {
    package let configuration: Configuration
    /// The schedule and its decisions; everything else here is the loop and the world around it.
    package var model: ScheduleModel
    package var clock: any WallClock { model.clock }
    /// The loop, the timer, the watches, the signals and the notifier.
    package let sources: LoopSources
    package var loop: EventLoop { sources.loop }
    package var timer: WallClockTimer { sources.timer }
    package var notifier: Notifier { sources.notifier }
    package var wakeAbility: WakeAbility { sources.wakeAbility }
    package let stateKeeper: StateKeeper
    /// The alarms file, its last good copy, the sounds and calendars it was read with.
    package let source: ScheduleSource
    /// What comes before each ring apart from its sound: the `before` hooks, bedtime, the wake-up phase, the check.
    package var lookahead = RingLookahead()
    /// What plays, and what is said of it.
    lazy package var sound = SoundStage(SoundStage.Context(
        clock: clock, startSound: seams.startSound, sounds: { [unowned self] in source.registry }, devices: configuration.devices,
        broken: { [unowned self] in lookahead.preflight.problems($0) }, notifier: notifier, say: { [unowned self] in event($0) }))
    package let seams: DaemonSeams
    /// Whether the clock the next ring is timed by can be trusted.
    package var clockWatch = ClockWatch()
    /// The household rings this `run` takes part in.
    package var household: HouseholdLink
    /// The faces, in the order they hear each event.
    package var faces: [any DaemonFace] = []
    /// The faces' edits of the alarms file, reloads, checks and uploads, off the loop.
    package let worker: OffLoopWorker
    package var exitCode = ExitCode.success

    package init(_ configuration: Configuration, seams: DaemonSeams = DaemonSeams()) throws {
        self.configuration = configuration
        self.seams = seams
        model = ScheduleModel(clock: seams.clock)
        sources = try LoopSources(alarmsPath: configuration.alarmsPath)
        worker = try OffLoopWorker(notifier: sources.notifier)
        household = HouseholdLink(instance: HouseholdIdentity.instance(configuration), deviceName: configuration.mqtt?.deviceName)
        stateKeeper = StateKeeper(path: configuration.statePath, notifier: sources.notifier)
        source = ScheduleSource(alarmsPath: configuration.alarmsPath, folders: configuration.soundFolders, statePath: configuration.statePath,
                                notifier: sources.notifier)
    }

    package var log: EventLog { configuration.log }

    /// Loads the alarms and runs until SIGTERM, or Ctrl-C while nothing rings. `faces` make the
    /// faces, each given this daemon as its `FaceHost` (nil: that face is off).
    package func run(faces makers: [(any FaceHost) throws -> (any DaemonFace)?]) throws -> ExitCode {
        sound.priority = ThreadPriority.raiseCurrentThread()
        event(.priority(sound.priority))
        event(wakeAbility.announcement(wakeEarly: configuration.wakeEarly))
        let loaded = stateKeeper.load()
        model.state = loaded.state
        if let problem = loaded.problem { event(.stateUnreadable(problem: problem)) }
        // The faces before the alarms, so that they hear `loaded` too (and once it is logged,
        // `alarmplay status` works). The first of them, the control socket, stops a second `run`.
        faces = try makers.compactMap { try $0(self) }
        for face in faces { face.start() }
        // Also when the first load fails: the broker hears `offline`, the events file is flushed.
        defer { stopFaces() }
        try loadAlarms()
        wireEvents()
        evaluate(clockChanged: false)
        loop.run()
        shutdown()
        return exitCode
    }

    private func wireEvents() {
        sources.watch(LoopSources.Handlers(
            timer: { [unowned self] in evaluate(clockChanged: $0 == .clockChanged) },
            alarmsFile: { [unowned self] in reload(reason: "file changed") },
            // `evaluate` re-reads the zone (tzset) before it computes anything.
            zone: { [unowned self] in
                event(.timezoneChanged(now: clock.now().seconds))
                evaluate(clockChanged: true)
            },
            signal: { [unowned self] in _ = perform($0) },
            terminalClosed: { [unowned self] in
                event(.terminalClosed)
                _ = perform(.quit)
            },
            news: { [unowned self] in takeNews() }))
    }

    /// What other threads finished or said (edits, state writes, calendars, ringers, the mixer).
    package func takeNews() {
        worker.deliver()
        reportUnsavedState()
        for report in source.calendarRefresher.drain() { event(.face(report)) }
        if sound.takeNews() { evaluate(clockChanged: false) }
    }

    /// Handles everything due up to now, then arms the timer for the next thing due. Every path
    /// that changes what is due (requests, edits, timers, reloads, clock changes) ends here, never
    /// in `armTimer` alone: a request handled just after a ring's second, before the timer's own
    /// wake, would otherwise arm past that ring and throw away the expiry pending for it.
    package func evaluate(clockChanged: Bool) {
        LocalTimeZone.reload()
        if clockChanged {
            sound.engine.dropPrepared()
            let now = clock.now().seconds
            household.clocks.forgetAll()
            event(.clockChanged(now: now, lastChecked: model.state.lastChecked ?? now))
        }
        let due = model.evaluate()
        announce()
        saveState()
        armTimer(for: due)
    }

    /// Says what the schedule decided, oldest first; the sound follows each decision first.
    private func announce() {
        for outcome in model.drainOutcomes() {
            let effects = OutcomeEffects(outcome) { [source] in source.registry.pick($0.settings.sound, context: RingContext(scheduled: $1)) }
            sound.take(effects, ringing: model.ringing)
            event(effects.event)
        }
    }

    /// Arms the timer for the next thing due after the last second `evaluate` handled. A second
    /// before a ring it wakes once more to open the sound and the device ahead (connecting to a
    /// sound server takes milliseconds that must not make the alarm late); nothing else wakes it.
    private func armTimer(for due: Ring?) {
        let phase = due.flatMap { RingLookahead.soundPhase(for: $0, in: model) }
        let lead = due.map { sound.preroll(for: $0.alarm) + (phase?.seconds ?? 0) } ?? SoundDetails().openAheadSeconds
        sound.prepare(due, opensAhead: due.map { model.opensAhead($0, preroll: lead) } ?? false, wakeUp: phase)
        let ahead = lookahead.step(model, preroll: sound.preroll(for:))
        for said in ahead.events { event(said) }
        // Only an unsynchronised clock warns: a synchronised one (the usual case) costs no look at the rings ahead.
        let synchronised = seams.synchronised()
        let watched = clockWatch.step(now: clock.now().seconds, synchronised: synchronised,
                                      next: synchronised == false ? model.snapshot(heard: nil, bell: false).nextScheduledRing : nil)
        for said in watched.events { event(said) }
        for ring in ahead.checks { startPreflight(ring) }
        if let bedtime = ahead.bedtimeSound { sound.playBedtime(bedtime, ringing: !model.ringing.isEmpty) }
        // A suspended machine is woken early: the sound server and the device need time to come
        // back before the pre-roll opens them.
        let next = model.deadline(for: due, preroll: lead, soundOpen: sound.engine.isOpen,
                                  wakeEarly: timer.wakesFromSuspend ? configuration.wakeEarly : nil,
                                  also: [ahead.next, watched.next].compactMap { $0 }.min())
        do {
            // A step that came while this evaluation ran: what is due is worked out again.
            if try timer.arm(at: next.map { (Int64($0.seconds), Int64($0.nanoseconds)) }) == .clockChanged {
                evaluate(clockChanged: true)
            }
        } catch {
            event(.timerFailed(problem: "\(error)"))
        }
    }

    /// Writes state.json when it changed, off the loop.
    package func saveState() { stateKeeper.save(model.state) }

    private func reportUnsavedState() {
        for problem in stateKeeper.drainFailures() { event(.stateNotSaved(problem: problem)) }
    }

    /// The faces go last, so that they hear everything up to `exiting`.
    private func shutdown() {
        sound.stopAll()
        model.state.lastChecked = clock.now().seconds
        stateKeeper.flush(model.state)
        reportUnsavedState()
        event(.exiting)
    }

    private func stopFaces() {
        for face in faces { face.stop() }
        faces = []
    }

    /// Every event goes out once, here: to the log, and to every face in the face table.
    package func event(_ event: DaemonEvent) {
        for face in faces { face.beforeLogLine() }
        log.log(event)
        let now = clock.now()
        if let kept = RingReports.keeping(event, at: now, in: model.state.reports) {
            model.state.reports = kept
            saveState()
        }
        for face in faces { face.publish(event, at: now) }
        followHousehold(event)
    }
}
