/// Firing, snoozing, stopping and silencing. Several alarms may ring at once; the sound is
/// the most recently fired one's (the newest alarm is the one the sleeper has not heard yet),
/// and when it is stopped the next one sounds again, so none is lost silently.
extension AlarmDaemon {
    /// Announces what the schedule decided, oldest first, and makes the sound follow it.
    func announce() {
        for outcome in model.drainOutcomes() {
            switch outcome {
            case let .fired(due, late):
                endPreview(reason: "alarm")
                updateSound()
                event(.fired(id: due.alarm.name, scheduled: due.at, lateMilliseconds: late, snooze: due.snoozeCount))
                ensureAudible(for: due.alarm)
            case let .heldByPause(due):
                event(.heldByPause(id: due.alarm.name, scheduled: due.at))
            case let .missed(due, late):
                event(.missed(id: due.alarm.name, scheduled: due.at, lateSeconds: late))
            case let .silenced(ring):
                degraded.remove(ring.alarm.name)
                event(.silenced(id: ring.alarm.name, afterSeconds: ring.alarm.settings.ringFor))
                updateSound()
            case let .snoozed(alarm, until, left):
                degraded.remove(alarm.name)
                event(.snoozed(id: alarm.name, until: until, snoozesLeft: left))
                updateSound()
            case let .snoozeRefused(alarm):
                event(.snoozeRefused(id: alarm.name, maxSnoozes: alarm.settings.maxSnoozes))
            case let .stopped(alarm, rang):
                degraded.remove(alarm.name)
                event(.stopped(id: alarm.name, rangSeconds: rang))
                updateSound()
            case let .escalated(ring, step):
                escalate(ring, step: step)
            case let .dismissed(alarm):
                event(.dismissed(id: alarm.name))
            case let .rearmed(alarm):
                event(.rearmed(id: alarm.name))
            }
        }
    }

    /// Starts or switches the ringer so that the newest ringing alarm is the one heard.
    func updateSound() {
        guard let top = model.ringing.last else {
            sounding?.ringer.control.stop()
            sounding = nil
            restoreMixer()
            return
        }
        if sounding?.key == top.key { return }
        sounding?.ringer.control.stop()
        if let ready = prepared, ready.key == top.key {
            prepared = nil
            sounding = (top.key, ready.ringer)
            return
        }
        sounding = (top.key, startRinger(for: top.alarm, endsAt: top.endsAt, startAt: nil, escalated: top.escalated))
    }

    /// A step of `escalate`: said, and heard at once if the alarm is the one sounding (its ringer
    /// starts again at the step's volume and sound).
    private func escalate(_ ring: RingingAlarm, step: Int) {
        let change = ring.alarm.settings.escalate[step - 1]
        event(.escalated(id: ring.alarm.name, step: step, volume: change.volume, sound: change.sound?.description))
        guard let current = sounding, current.key == ring.key else { return }
        current.ringer.control.stop()
        sounding = (ring.key, startRinger(for: ring.alarm, endsAt: ring.endsAt, startAt: nil, escalated: step, after: current.ringer))
    }

    /// Starts ringing `alarm`'s sound until `endsAt`, from `startAt` (or at once), as its first
    /// `escalated` steps of `escalate` changed it and without what its check found broken. Its
    /// fallbacks and bell changes wait in the inbox; the loop is woken to publish them.
    func startRinger(for alarm: Alarm, endsAt: Instant, startAt: Instant?, escalated: Int = 0, after previous: Ringer? = nil) -> Ringer {
        let settings = alarm.settings
        let start = startAt.map { Double($0.seconds) } ?? wallSeconds()
        var request = RingRequest(
            sound: settings.sound, volume: settings.volume, fadeInSeconds: Double(settings.fadeIn),
            ringForSeconds: Double(endsAt.seconds) + Double(endsAt.nanoseconds) / 1e9 - start,
            devices: devices(for: alarm), startAt: startAt, fallbackSound: settings.fallbackSound,
            context: RingContext(label: alarm.label, scheduled: startAt?.seconds, voice: settings.voice))
        request.laterSounds = settings.laterSounds
        for step in settings.escalate.prefix(escalated) {
            if let volume = step.volume { request.volume = volume }
            if let sound = step.sound {
                request.sound = sound
                request.laterSounds = []
            }
            // Already ringing: an escalation is heard at its level at once.
            request.fadeInSeconds = 0
        }
        return startRinger(replacingBroken(request, for: alarm), id: alarm.name, after: previous)
    }

    func startRinger(_ request: RingRequest, id: String, after previous: Ringer? = nil) -> Ringer {
        let inbox = ringerInbox
        let notifier = self.notifier
        return Ringer.start(request, registry: registry, after: previous, events: { ringEvent in
            inbox.post(ringEvent, id: id)
            notifier.signal()
        }, finished: { notifier.signal() })
    }

    func publish(_ ringEvent: RingEvent, id: String) {
        switch ringEvent {
        case let .fallback(reason):
            event(.fallback(id: id, reason: reason))
            reportDegraded(id, reason: reason)
        case let .bell(on):
            event(.bell(id: id, on: on))
            if on { reportDegraded(id, reason: "no device would play: the terminal bell rings") }
        }
    }

    /// The ringer thread said something: its bell changed, or it ended on its own.
    func ringerChanged() {
        // A ringer ends on its own only when its ring duration is over; the wall-clock timer
        // then silences the alarm (and logs it) at `endsAt`. A device that swallowed the sound
        // faster than real time (ALSA's `null`) ends it early: the alarm stays ringing until
        // stopped or timed out rather than being silenced early.
        if sounding?.ringer.outcome != nil {
            sounding = nil
            evaluate(clockChanged: false)
        }
        if preview?.outcome != nil { endPreview(reason: "played") }
    }

    func wallSeconds() -> Double {
        let now = clock.now()
        return Double(now.seconds) + Double(now.nanoseconds) / 1e9
    }
}
