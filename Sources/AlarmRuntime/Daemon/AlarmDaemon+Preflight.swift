import AlarmCore

/// The check before each ring (`Preflight/`): the plan says when (`RingLookahead`), the check
/// runs off the loop and its result comes back on it, and the ring then leaves out what it found broken.
extension AlarmDaemon {
    func startPreflight(_ ring: Ring) {
        // A ring from a remote calendar follows its latest copy (a new one reloads the schedule); one
        // fetched within half the check's lead is as fresh as the check can make it.
        if let calendar = ring.alarm.fromCalendar?.calendar, CalendarSource.isRemote(calendar) {
            source.calendarRefresher.refresh(calendar, fresherThan: min(600, Double(ring.alarm.settings.preflight) / 2))
        }
        let settings = ring.alarm.settings
        let check = PreflightCheck(
            sound: settings.sound, devices: sound.devices(for: ring.alarm), forceAudible: settings.forceAudible,
            context: RingContext(label: ring.alarm.label, scheduled: ring.at, voice: settings.voice), wakeProblem: wakeAbility.reason,
            checkDevices: sound.isIdle)
        let registry = source.registry
        worker.perform({ check.run(registry: registry) }) { [unowned self] outcome in
            guard case let .success(problems) = outcome else { return }
            let plays = source.registry.pick(settings.sound, context: RingContext(scheduled: ring.at))
            for announced in lookahead.preflight.record(problems, for: ring, at: clock.now().seconds, plays: plays) { event(announced) }
            // A ring opened ahead before the check found its sound or device broken opens again without it.
            if !problems.isEmpty { sound.engine.dropPrepared(key: ring.alarm.stateKey, at: ring.at) }
            evaluate(clockChanged: false)
        }
    }
}
