import AlarmCore

/// The check before each ring (`Preflight/`): the plan says when, the check runs off the loop and
/// its result comes back on it, and the ring then leaves out what it found broken.
extension AlarmDaemon {
    /// Starts the checks that are due now; returns when the next one is, for the timer.
    package func runPreflights() -> Int? {
        // The schedule's own snapshot: the faces' extras (what is heard, the checks) are not needed here.
        let upcoming = model.snapshot(heard: nil, bell: false).upcoming(count: Self.preflightRings)
        // No check starts within the pre-roll (and 2 s): the ring is opening its sound by then.
        preflight.track(upcoming.map { ($0, preroll(for: $0.alarm) + 2) })
        let now = clock.now().seconds
        for ring in preflight.start(now: now) { startPreflight(ring) }
        return preflight.nextDeadline(now: now)
    }

    /// How many of the next rings are checked: enough for alarms set close together.
    package static let preflightRings = 4

    private func startPreflight(_ ring: Ring) {
        // A ring from a remote calendar follows its latest copy (a new one reloads the schedule); one
        // fetched within half the check's lead is as fresh as the check can make it.
        if let calendar = ring.alarm.fromCalendar?.calendar, CalendarSource.isRemote(calendar) {
            calendarRefresher.refresh(calendar, fresherThan: min(600, Double(ring.alarm.settings.preflight) / 2))
        }
        let settings = ring.alarm.settings
        let check = PreflightCheck(
            sound: settings.sound, devices: devices(for: ring.alarm), forceAudible: settings.forceAudible,
            context: RingContext(label: ring.alarm.label, scheduled: ring.at, voice: settings.voice), wakeProblem: wakeAbility.reason,
            checkDevices: engine.sounding == nil && engine.preview == nil && engine.prepared == nil)
        let registry = source.registry
        worker.perform({ check.run(registry: registry) }) { [unowned self] outcome in
            guard case let .success(problems) = outcome else { return }
            let plays = source.registry.pick(settings.sound, context: RingContext(scheduled: ring.at))
            for announced in preflight.record(problems, for: ring, at: clock.now().seconds, plays: plays) { event(announced) }
            // A ring opened ahead before the check found its sound or device broken opens again without it.
            if !problems.isEmpty { engine.dropPrepared(key: ring.alarm.stateKey, at: ring.at) }
            evaluate(clockChanged: false)
        }
    }

    /// The ring's request with what its check found broken replaced, each replacement said as a
    /// `fallback` and reported.
    package func replacingBroken(_ request: RingRequest, for alarm: Alarm) -> RingRequest {
        let (replaced, lines) = PreflightSubstitution.apply(preflight.problems(alarm), to: request)
        for line in lines { event(.fallback(id: alarm.name, reason: line)) }
        if let first = lines.first { reportDegraded(alarm.name, reason: first) }
        return replaced
    }

    /// Once a ring: it did not ring as asked (a fallback, the bell).
    package func reportDegraded(_ id: String, reason: String) {
        guard ringReports.degrade(id) else { return }
        event(.ringDegraded(id: id, reason: reason))
    }

    /// Each alarm's check as every face shows it: its next ring, when it was checked, what is wrong.
    package var preflightStatus: [Snapshot.Preflight] {
        preflight.entries.values.sorted { $0.ring.at < $1.ring.at }.map {
            Snapshot.Preflight(id: $0.ring.alarm.name, ring: $0.ring.at, checkedAt: $0.checkedAt, problems: $0.problems)
        }
    }
}
