import AlarmCore

/// Firing, snoozing, stopping and silencing. Several alarms may ring at once; the sound is
/// the most recently fired one's (the newest alarm is the one the sleeper has not heard yet),
/// and when it is stopped the next one sounds again, so none is lost silently.
extension AlarmDaemon {
    /// Announces what the schedule decided, oldest first, and makes the sound follow it.
    package func announce() {
        for outcome in model.drainOutcomes() {
            let effects = OutcomeEffects(outcome) { [source] in source.registry.pick($0.settings.sound, context: RingContext(scheduled: $1)) }
            if effects.endsPreview { previews.end(reason: "alarm") }
            if let id = effects.ringEnded { ringReports.ended(id) }
            if effects.soundFollows { updateSound() }
            if let ring = effects.escalates { engine.escalate(ring, devices: devices(for:)) }
            event(effects.event)
            if let alarm = effects.makesAudible { mixer.ensureAudible(for: alarm.name, device: devices(for: alarm)[0]) }
        }
    }

    /// Makes the newest ringing alarm the one heard; once none rings, the mixer is put back.
    package func updateSound() {
        if !engine.follow(model.ringing, devices: devices(for:)) { mixer.restore() }
    }

    /// Starts a sound on a ringer thread. Its fallbacks and bell changes wait in the inbox; the
    /// loop is woken to publish them.
    package func startRinger(_ request: RingRequest, id: String, after previous: Ringer? = nil) -> Ringer {
        let inbox = ringerInbox
        let notifier = self.notifier
        return Ringer.start(request, registry: source.registry, after: previous, realtime: priority.isRealtime, events: { ringEvent in
            inbox.post(ringEvent, id: id)
            notifier.signal()
        }, finished: { notifier.signal() })
    }

    package func publish(_ ringEvent: RingEvent, id: String) {
        switch ringEvent {
        case let .fallback(reason):
            event(.fallback(id: id, reason: reason))
            reportDegraded(id, reason: reason)
        case let .bell(on):
            event(.bell(id: id, on: on))
            if on { reportDegraded(id, reason: "no device would play: the terminal bell rings") }
        case let .wakeUpFailed(reason):
            event(.wakeUpSoundFailed(id: id, reason: reason))
        }
    }

    /// The ringer thread said something: its bell changed, or it ended on its own.
    package func ringerChanged() {
        // A ringer ends on its own only when its ring duration is over; the wall-clock timer
        // then silences the alarm (and logs it) at `endsAt`. A device that swallowed the sound
        // faster than real time (ALSA's `null`) ends it early: the alarm stays ringing until
        // stopped or timed out rather than being silenced early.
        let ended = engine.ended()
        if ended.sound { evaluate(clockChanged: false) }
        if ended.preview { previews.end(reason: "played") }
    }

}
