/// Firing, snoozing, stopping and silencing. Several alarms may ring at once; the sound is
/// the most recently fired one's (the newest alarm is the one the sleeper has not heard yet),
/// and when it is stopped the next one sounds again, so none is lost silently.
extension AlarmDaemon {
    func fire(_ due: DueRing, now: Instant) {
        endPreview(reason: "alarm")
        let lateMilliseconds = (now.seconds - due.at) * 1000 + now.nanoseconds / 1_000_000
        var fields = [("id", due.alarm.name), ("scheduled", TimeFormat().iso(due.at)), ("late_ms", String(lateMilliseconds))]
        if let count = due.snoozeCount { fields.append(("snooze", String(count))) }
        ringing.removeAll { $0.key == due.alarm.stateKey }
        ringing.append(RingingAlarm(alarm: due.alarm, since: now, snoozesUsed: due.snoozeCount ?? 0))
        updateSound()
        event(.info, "fired", fields)
        ensureAudible(for: due.alarm)
    }

    /// Starts or switches the ringer so that the newest ringing alarm is the one heard.
    func updateSound() {
        guard let top = ringing.last else {
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
            event(.warning, "fallback", ["id": id, "reason": reason])
        case let .bell(on):
            event(on ? .warning : .info, on ? "bell" : "bell_off", ["id": id])
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
        statusTicks()
        redrawStatus()
    }

    /// Applies a snooze or stop to the named alarm, or to every ringing one. Returns the reply
    /// for the person or script that asked: `ok: ...` or `error: ...`.
    func perform(_ request: ControlRequest) -> String {
        // What came due before the request is handled first, so the request sees the present
        // (a ring due this second has fired, its pre-roll is open), and re-armed after it.
        evaluate(clockChanged: false)
        let reply: String
        switch request {
        case let .snooze(id): reply = snooze(id)
        case let .stop(id): reply = stop(id)
        case .status: reply = JSONWriter.compact(statusJSON())
        case .help: reply = "ok: " + ControlRequest.keyHelp
        case let .rearm(id): reply = rearm(id)
        }
        evaluate(clockChanged: false)
        return reply
    }

    /// The ringing alarms a request is for, or why there are none.
    private func targets(_ id: String?) -> (found: [RingingAlarm], problem: String?) {
        guard let id else {
            return ringing.isEmpty ? ([], "nothing is ringing") : (ringing, nil)
        }
        let matches = ringing.filter { $0.alarm.name == id || $0.alarm.id == id }
        if matches.isEmpty {
            let names = ringing.map { $0.alarm.name }
            return ([], names.isEmpty ? "nothing is ringing" : "\(id) is not ringing (ringing: \(names.joined(separator: ", ")))")
        }
        return (matches, nil)
    }

    private func snooze(_ id: String?) -> String {
        let (found, problem) = targets(id)
        if let problem { return "error: " + problem }
        var replies: [String] = []
        let now = clock.now().seconds
        for ring in found {
            guard ring.snoozesLeft > 0 else {
                event(.info, "snooze_refused", ["id": ring.alarm.name, "max_snoozes": String(ring.alarm.settings.maxSnoozes)])
                replies.append("no snoozes left for \(ring.alarm.name) (max \(ring.alarm.settings.maxSnoozes)); it keeps ringing")
                continue
            }
            let until = now + max(ring.alarm.settings.snooze, 1)
            ringing.removeAll { $0.key == ring.key }
            state.snoozes[ring.key] = PendingSnooze(until: until, count: ring.snoozesUsed + 1)
            event(.info, "snoozed", ["id": ring.alarm.name, "until": TimeFormat().iso(until), "snoozes_left": String(ring.snoozesLeft - 1)])
            replies.append("snoozed \(ring.alarm.name) until \(TimeFormat().short(until))")
        }
        updateSound()
        let refused = found.allSatisfy { $0.snoozesLeft == 0 }
        return (refused ? "error: " : "ok: ") + replies.joined(separator: "; ")
    }

    private func stop(_ id: String?) -> String {
        // With nothing ringing, `stop` dismisses pending snoozes, so a snoozed alarm can be
        // turned off from bed before it rings again.
        if ringing.isEmpty || (id != nil && !ringing.contains { $0.alarm.name == id || $0.alarm.id == id }) {
            let pending = alarms.filter { state.snoozes[$0.stateKey] != nil && (id == nil || $0.name == id || $0.id == id) }
            guard !pending.isEmpty else { return "error: " + (targets(id).problem ?? "nothing is ringing") }
            for alarm in pending {
                state.snoozes[alarm.stateKey] = nil
                event(.info, "stopped", ["id": alarm.name, "was": "snoozed"])
            }
            return "ok: dismissed snoozed " + pending.map { $0.name }.joined(separator: ", ")
        }
        let found = targets(id).found
        for ring in found {
            ringing.removeAll { $0.key == ring.key }
            let rang = Int(wallSeconds() - Double(ring.since.seconds))
            event(.info, "stopped", ["id": ring.alarm.name, "rang_s": String(max(rang, 0))])
        }
        updateSound()
        return "ok: stopped " + found.map { $0.alarm.name }.joined(separator: ", ")
    }

    /// Drops the remembered state (done, armed) of an alarm switched on, so it is armed afresh.
    func rearm(_ id: String) -> String {
        guard let alarm = fileAlarms.first(where: { $0.name == id || $0.id == id }) else { return "error: no alarm \(id)" }
        state.schedule.alarms[alarm.stateKey] = nil
        state.schedule = state.schedule.reconciled(with: alarms, now: clock.now().seconds)
        event(.info, "rearmed", ["id": alarm.name])
        return "ok: \(alarm.name) rings at its next time"
    }

    /// Nobody reacted within `ringFor`: a missed alarm, not a stopped one.
    func silence(_ key: String, reason: String) {
        guard let ring = ringing.first(where: { $0.key == key }) else { return }
        ringing.removeAll { $0.key == key }
        event(.warning, "silenced", ["id": ring.alarm.name, "after_s": String(ring.alarm.settings.ringFor)])
        updateSound()
    }

    func wallSeconds() -> Double {
        let now = clock.now()
        return Double(now.seconds) + Double(now.nanoseconds) / 1e9
    }
}
