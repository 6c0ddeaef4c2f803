import AlarmCore
import AlarmAudio

/// What plays, and what is said of it: the ringing alarms' sounds on ringer threads (the engine
/// decides which is heard and opens the next one ahead), a preview or a sleep timer that any
/// alarm ends, the mixer made audible while an alarm rings, and what the ringers report (a
/// fallback, the bell) with a ring that did not ring as asked reported once. The daemon hands it
/// the schedule's decisions; it says what it did through `say`, on the loop.
package final class SoundStage {
    /// What the stage takes from `run`.
    package struct Context {
        package var clock: any WallClock
        /// Starts a sound; nil: on a ringer thread (`Ringer`). A test gives its own.
        package var startSound: RingEngine.Start?
        /// The sounds in force (they change with a reload or an upload).
        package var sounds: () -> SoundRegistry
        /// `--device`, in order; an alarm's own `devices` replace them.
        package var devices: [String]
        /// What the check before a ring found broken, left out of its sound.
        package var broken: (Alarm) -> [PreflightProblem]
        package var notifier: Notifier
        package var say: (DaemonEvent) -> Void
    }

    private let context: Context
    /// The sounds: the one heard, the one opened ahead, a preview.
    lazy package private(set) var engine = RingEngine(clock: context.clock, amend: { [unowned self] in replacingBroken($1, for: $0) },
                                                      start: context.startSound ?? { [unowned self] in
        // The engine holds only the ringers started here.
        startRinger($0, id: $1, after: $2 as? Ringer)
    })
    /// What plays that is not an alarm: a preview, a sleep timer, the next alarm said aloud.
    lazy package private(set) var previews = Previews(engine: engine, say: context.say)
    private let mixer: MixerGuard
    /// What ringer threads had to say, waiting for the loop to publish it.
    private let inbox = RingerInbox()
    /// Which rings were said to be degraded.
    private var degraded = RingReports()
    /// The loop thread's scheduling priority; the ringers ask for the same.
    package var priority = ThreadPriority.Outcome.normal(nice: 0, reason: "not asked yet")

    package init(_ context: Context) {
        self.context = context
        mixer = MixerGuard(notifier: context.notifier)
    }

    package var sleepTimer: SleepTimer? { previews.sleepTimer }
    /// Nothing plays or waits to: a check before a ring may open the devices.
    package var isIdle: Bool { engine.sounding == nil && engine.preview == nil && engine.prepared == nil }

    /// Where `alarm` rings, in order; its mixer is the first one's, the device it should play on.
    package func devices(for alarm: Alarm) -> [String] {
        DeviceFallback.asked(alarm: alarm.settings.devices, commandLine: context.devices)
    }

    /// How many seconds ahead `alarm`'s sound is opened.
    package func preroll(for alarm: Alarm) -> Int {
        (try? context.sounds().resolve(alarm.settings.sound).sound.details.openAheadSeconds) ?? SoundDetails().openAheadSeconds
    }

    /// What one of the schedule's decisions does to the sound, before the faces hear of it.
    package func take(_ effects: OutcomeEffects, ringing: [RingingAlarm]) {
        if effects.endsPreview { previews.end(reason: "alarm") }
        if let id = effects.ringEnded { degraded.ended(id) }
        if effects.soundFollows { follow(ringing) }
        if let ring = effects.escalates { engine.escalate(ring, devices: devices(for:)) }
        // Its result comes back as an event, after the decision's own.
        if let alarm = effects.makesAudible { mixer.ensureAudible(for: alarm.name, device: devices(for: alarm)[0]) }
    }

    /// Makes the newest ringing alarm the one heard; once none rings, the mixer is put back.
    package func follow(_ ringing: [RingingAlarm]) {
        if !engine.follow(ringing, devices: devices(for:)) { mixer.restore() }
    }

    /// Keeps the sound opened ahead in step with what is due next.
    package func prepare(_ due: Ring?, opensAhead: Bool, wakeUp: WakeUpPhase?) {
        let opened = engine.prepare(due, opensAhead: opensAhead, devices: devices(for:), wakeUp: wakeUp)
        if opened.endedPreview { previews.ended(reason: "alarm") }
        if opened.opened, let due { context.say(.prepared(id: due.alarm.name)) }
    }

    /// Says what the ringers and the mixer reported; true when an alarm's sound ended by itself.
    package func takeNews() -> Bool {
        for (id, ringEvent) in inbox.drain() { publish(ringEvent, id: id) }
        for said in mixer.drain() { context.say(said) }
        // A ringer ends on its own only when its ring duration is over; the wall-clock timer then
        // silences the alarm (and logs it) at `endsAt`. A device that swallowed the sound faster
        // than real time (ALSA's `null`) ends it early: the alarm stays ringing until stopped or
        // timed out rather than being silenced early.
        let ended = engine.ended()
        if ended.preview { previews.end(reason: "played") }
        return ended.sound
    }

    /// Plays `name` once, quietly, at `volume`; refused while an alarm rings or is about to.
    package func preview(_ name: String, volume: Double, ringing: Bool) -> CommandResult {
        guard volume >= 0, volume <= 1 else {
            return .refused(Refusal(field: "volume", "volume must be a number from 0.0 to 1.0"))
        }
        if let refusal = previews.previewRefusal(ringing: ringing) { return .refused(refusal) }
        do {
            return previews.preview(try context.sounds().resolve(SoundReference(parsing: name)), volume: volume, devices: context.devices)
        } catch {
            return .refused(Refusal(.notFound, error.description))
        }
    }

    /// A bedtime reminder's soft sound, only when nothing else plays or is about to.
    package func playBedtime(_ sound: SoundReference, ringing: Bool) {
        guard !ringing, isIdle, sleepTimer == nil else { return }
        _ = preview(sound.description, volume: Bedtime.volume, ringing: ringing)
    }

    /// The sleep timer's request, its sounds resolved; it plays as the engine's preview.
    package func sleep(_ asked: SleepRequest, ringing: Bool) -> CommandResult {
        if let problem = asked.problem { return .refused(Refusal(field: problem.field, problem.message)) }
        guard !ringing, !engine.isOpen else {
            return .refused(Refusal(.conflict, "an alarm is ringing or about to ring; it wins over a sleep timer"))
        }
        var entries: [SoundEntry] = []
        for name in (asked.sound ?? SleepRequest.defaultSound).split(separator: ",") {
            do {
                entries.append(try context.sounds().resolve(SoundReference(parsing: name.trimmingSpaces)))
            } catch {
                return .refused(Refusal(.notFound, error.description))
            }
        }
        return previews.sleep(asked, sounds: entries.map(\.sound.name), now: context.clock.now(), devices: context.devices)
    }

    /// The next alarm said aloud, on its devices, when nothing else plays.
    package func sayNext(_ next: Ring?, ringing: Bool) -> CommandResult {
        previews.sayNext(next, devices: next.map { devices(for: $0.alarm) } ?? [], ringing: ringing,
                         speechInstalled: !SpeechSynthesizer.voices().isEmpty)
    }

    /// At exit: every sound stops and the mixer is put back before `run` ends.
    package func stopAll() {
        engine.stopAll()
        mixer.restoreBeforeExit()
        for said in mixer.drain() { context.say(said) }
    }

    /// Starts a sound on a ringer thread. Its fallbacks and bell changes wait in the inbox; the
    /// loop is woken to publish them.
    private func startRinger(_ request: RingRequest, id: String, after previous: Ringer?) -> Ringer {
        let inbox = inbox
        let notifier = context.notifier
        return Ringer.start(request, registry: context.sounds(), after: previous, realtime: priority.isRealtime, events: { ringEvent in
            inbox.post(ringEvent, id: id)
            notifier.signal()
        }, finished: { notifier.signal() })
    }

    private func publish(_ ringEvent: RingEvent, id: String) {
        switch ringEvent {
        case let .fallback(reason):
            context.say(.fallback(id: id, reason: reason))
            reportDegraded(id, reason: reason)
        case let .bell(on):
            context.say(.bell(id: id, on: on))
            if on { reportDegraded(id, reason: "no device would play: the terminal bell rings") }
        case let .wakeUpFailed(reason):
            context.say(.wakeUpSoundFailed(id: id, reason: reason))
        }
    }

    /// The ring's request with what its check found broken replaced, each replacement said as a
    /// `fallback` and reported.
    private func replacingBroken(_ request: RingRequest, for alarm: Alarm) -> RingRequest {
        let (replaced, lines) = PreflightSubstitution.apply(context.broken(alarm), to: request)
        for line in lines { context.say(.fallback(id: alarm.name, reason: line)) }
        if let first = lines.first { reportDegraded(alarm.name, reason: first) }
        return replaced
    }

    /// Once a ring: it did not ring as asked (a fallback, the bell).
    private func reportDegraded(_ id: String, reason: String) {
        guard degraded.degrade(id) else { return }
        context.say(.ringDegraded(id: id, reason: reason))
    }
}
