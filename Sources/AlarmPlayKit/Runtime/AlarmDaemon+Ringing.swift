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
                event(.silenced(id: ring.alarm.name, afterSeconds: ring.alarm.settings.ringFor))
                updateSound()
            case let .snoozed(alarm, until, left):
                event(.snoozed(id: alarm.name, until: until, snoozesLeft: left))
                updateSound()
            case let .snoozeRefused(alarm):
                event(.snoozeRefused(id: alarm.name, maxSnoozes: alarm.settings.maxSnoozes))
            case let .stopped(alarm, rang):
                event(.stopped(id: alarm.name, rangSeconds: rang))
                updateSound()
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
        sounding = (top.key, startRinger(for: top.alarm, endsAt: top.endsAt, startAt: nil))
    }

    /// Starts ringing `alarm`'s sound until `endsAt`, from `startAt` (or at once). Its
    /// fallbacks and bell changes wait in the inbox; the loop is woken to publish them.
    func startRinger(for alarm: Alarm, endsAt: Instant, startAt: Instant?) -> Ringer {
        let settings = alarm.settings
        let start = startAt.map { Double($0.seconds) } ?? wallSeconds()
        var request = RingRequest(
            sound: settings.sound, volume: settings.volume, fadeInSeconds: Double(settings.fadeIn),
            ringForSeconds: Double(endsAt.seconds) + Double(endsAt.nanoseconds) / 1e9 - start,
            devices: devices(for: alarm), startAt: startAt, fallbackSound: settings.fallbackSound,
            context: RingContext(label: alarm.label, scheduled: startAt?.seconds, voice: settings.voice))
        request.laterSounds = settings.laterSounds
        return startRinger(request, id: alarm.name)
    }

    func startRinger(_ request: RingRequest, id: String) -> Ringer {
        let inbox = ringerInbox
        let notifier = self.notifier
        return Ringer.start(request, registry: registry, events: { ringEvent in
            inbox.post(ringEvent, id: id)
            notifier.signal()
        }, finished: { notifier.signal() })
    }

    func publish(_ ringEvent: RingEvent, id: String) {
        switch ringEvent {
        case let .fallback(reason):
            event(.fallback(id: id, reason: reason))
        case let .bell(on):
            event(.bell(id: id, on: on))
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
