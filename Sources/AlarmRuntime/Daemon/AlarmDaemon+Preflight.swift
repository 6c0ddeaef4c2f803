import AlarmCore

/// The check before each ring (`Preflight/`): the plan says when (`RingLookahead`), the check
/// runs off the loop and its result comes back on it, and the ring then leaves out what it found broken.
extension AlarmDaemon {
    func startPreflight(_ ring: Ring) {
        source.refreshCalendar(before: ring)
        let check = PreflightCheck(ring, devices: sound.devices(for: ring.alarm), wakeProblem: wakeAbility.reason, checkDevices: sound.isIdle)
        let registry = source.registry
        worker.perform({ check.run(registry: registry) }) { [unowned self] outcome in
            guard case let .success(problems) = outcome else { return }
            let plays = source.registry.pick(ring.alarm.settings.sound, context: RingContext(scheduled: ring.at))
            for announced in lookahead.preflight.record(problems, for: ring, at: clock.now().seconds, plays: plays) { event(announced) }
            // A ring opened ahead before the check found its sound or device broken opens again without it.
            if !problems.isEmpty { sound.engine.dropPrepared(key: ring.alarm.stateKey, at: ring.at) }
            evaluate(clockChanged: false)
        }
    }
}
