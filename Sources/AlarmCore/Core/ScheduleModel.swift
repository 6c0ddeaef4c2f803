/// `run`'s schedule and its decisions: the alarms in force (the file's, then the page's timers),
/// the pause, what it remembers (state.json) and what rings now. It takes a clock and does no
/// I/O: what happened comes out as `Outcome`s for the daemon to announce and sound, so every
/// decision can be replayed with a fake clock and no processes.
///
/// The invariant of issue 25 lives here: `evaluate` handles everything due up to now and records
/// the last second it handled and counts what is due next from that second, never from whoever
/// asks; nothing else computes it. So a request handled just after a ring's second can neither
/// skip nor delay the ring.
package struct ScheduleModel {
    /// What a step decided, in order, for the daemon to announce (and sound).
    package enum Outcome: Equatable {
        case fired(DueRing, lateMilliseconds: Int)
        case heldByPause(DueRing)
        case missed(DueRing, lateSeconds: Int)
        /// Nobody reacted within `ringFor`.
        case silenced(RingingAlarm)
        case snoozed(Alarm, until: Int, snoozesLeft: Int)
        case snoozeRefused(Alarm)
        case stopped(Alarm, rangSeconds: Int)
        /// A pending snooze dismissed with nothing ringing.
        case dismissed(Alarm)
        case rearmed(Alarm)
        /// Ringing unanswered, it reached step `step` (from 1) of its `escalate`.
        case escalated(RingingAlarm, step: Int)
        /// Stopped during its wake-up phase: the ring at `ring` will not come.
        case wakeUpStopped(Alarm, ring: Int)
        case timerStarted(RunningTimer, seconds: Int)
        case timerCancelled(id: String)
    }

    package let clock: any WallClock
    package var fileAlarms: [Alarm] = []
    /// Hooks at the top of the alarms file, for every alarm.
    package var fileHooks: [Hook] = []
    package var timers: [RunningTimer] = []
    /// `alarmplay pause`: no ring before this date.
    package var pausedUntil: CalendarDate?
    package var state = DaemonState()
    /// The ringing alarms, oldest first: the last is the one heard.
    private(set) package var ringing: [RingingAlarm] = []
    /// Internal: the timers' extension adds to them.
    var outcomes: [Outcome] = []

    package init(clock: any WallClock, state: DaemonState = DaemonState()) {
        self.clock = clock
        self.state = state
    }

    package var alarms: [Alarm] { fileAlarms + timers.map(\.alarm) }

    /// What happened since the last call, oldest first.
    mutating package func drainOutcomes() -> [Outcome] {
        defer { outcomes = [] }
        return outcomes
    }

    /// Handles everything due in (the last second handled, now]: rings, snooze ends, rings held
    /// by a pause, rings too late to ring, and rings that have run their time. Returns what is due
    /// next, for the timer: only this step answers that, so nothing can arm without evaluating.
    mutating package func evaluate() -> Ring? {
        let now = clock.now()
        let from = state.lastChecked ?? now.seconds
        // After a backward step (a Pi that booted in the future) start afresh from now.
        for due in DueRings.between(min(from, now.seconds), and: now, alarms: alarms, state: state) {
            if due.snoozeCount != nil { state.snoozes[due.alarm.stateKey] = nil }
            if due.snoozeCount == nil, due.alarm.repeats.isOneShot {
                state.schedule.update(due.alarm) { $0.done = true }
            }
            switch due.decision {
            case .ring where PauseRule.holds(due.at, pausedUntil: pausedUntil):
                outcomes.append(.heldByPause(due))
            case .ring:
                ringing.removeAll { $0.key == due.alarm.stateKey }
                ringing.append(RingingAlarm(alarm: due.alarm, since: now, snoozesUsed: due.snoozeCount ?? 0))
                outcomes.append(.fired(due, lateMilliseconds: (now.seconds - due.at) * 1000 + now.nanoseconds / 1_000_000))
            case .missed:
                outcomes.append(.missed(due, lateSeconds: now.seconds - due.at))
            }
        }
        for ring in ringing where ring.endsAt <= now {
            ringing.removeAll { $0.key == ring.key }
            outcomes.append(.silenced(ring))
        }
        for index in ringing.indices {
            while let due = ringing[index].nextEscalation, due <= now {
                ringing[index].escalated += 1
                outcomes.append(.escalated(ringing[index], step: ringing[index].escalated))
            }
        }
        state.lastChecked = now.seconds
        return nextDue(after: now.seconds)
    }

    /// The next ring or snooze end after the last second evaluated. Timers that have rung out
    /// leave the schedule first.
    private mutating func nextDue(after evaluated: Int) -> Ring? {
        timers.removeAll { timer in
            timer.at < evaluated && !ringing.contains { $0.key == timer.alarm.stateKey } && state.snoozes[timer.alarm.stateKey] == nil
        }
        return DueRings.next(after: evaluated, alarms: alarms, state: state)
    }

    /// Whether `due` is within its pre-roll (`preroll` seconds) and will ring, so its sound is opened now.
    package func opensAhead(_ due: Ring, preroll: Int) -> Bool {
        due.at - clock.now().seconds <= preroll && !PauseRule.holds(due.at, pausedUntil: pausedUntil)
    }

    /// When the timer must wake: at `due`, or its pre-roll when no sound is open yet, or
    /// `wakeEarly` seconds before it (a suspended machine's sound server needs time), or at the
    /// end of a ring or its next escalation, or at `also` (a `before` hook, a check before a
    /// ring), whichever comes first.
    package func deadline(for due: Ring?, preroll: Int, soundOpen: Bool, wakeEarly: Int?, also: Int?) -> Instant? {
        let now = clock.now().seconds
        var wake = due.map { Instant(seconds: $0.at) }
        if let due, !soundOpen, due.at - preroll > now { wake = Instant(seconds: due.at - preroll) }
        if let due, let wakeEarly, wakeEarly > preroll, due.at - wakeEarly > now { wake = Instant(seconds: due.at - wakeEarly) }
        return [wake, ringing.map(\.endsAt).min(), ringing.compactMap(\.nextEscalation).min(), also.map { Instant(seconds: $0) }]
            .compactMap { $0 }.min()
    }

    /// The alarms in force after the file was (re)read at `now`: state of removed or edited
    /// alarms is dropped, one-shots switched on are armed.
    mutating package func use(_ alarms: [Alarm], pausedUntil: CalendarDate?) {
        fileAlarms = alarms
        self.pausedUntil = pausedUntil
        state.schedule = state.schedule.reconciled(with: self.alarms, now: clock.now().seconds)
    }

    package static let nothingRings = Refusal(.conflict, Phrase("nothing is ringing"))

    /// The ringing alarms a request is for, or why there are none.
    private func targets(_ id: String?) -> Result<[RingingAlarm], Refusal> {
        guard let id else {
            return ringing.isEmpty ? .failure(Self.nothingRings) : .success(ringing)
        }
        let matches = ringing.filter { $0.alarm.name == id || $0.alarm.id == id }
        guard matches.isEmpty else { return .success(matches) }
        let names = ringing.map { $0.alarm.name }
        guard !names.isEmpty else { return .failure(Self.nothingRings) }
        return .failure(Refusal(.conflict, Phrase("{id} is not ringing (ringing: {ringing})", ["id": id, "ringing": names.joined(separator: ", ")])))
    }

    /// Snoozes the named ringing alarm, or every one; refused when none has a snooze left.
    mutating package func snooze(_ id: String?) -> Result<Phrase, Refusal> {
        let found: [RingingAlarm]
        switch targets(id) {
        case let .success(rings): found = rings
        case let .failure(refusal): return .failure(wakingRefusal(id) ?? refusal)
        }
        var replies: [Phrase] = []
        let now = clock.now().seconds
        for ring in found {
            guard ring.snoozesLeft > 0 else {
                outcomes.append(.snoozeRefused(ring.alarm))
                replies.append(Phrase("no snoozes left for {id} (max {max}); it keeps ringing",
                                      ["id": ring.alarm.name, "max": String(ring.alarm.settings.maxSnoozes)]))
                continue
            }
            let until = now + max(ring.alarm.settings.snooze, 1)
            ringing.removeAll { $0.key == ring.key }
            state.snoozes[ring.key] = PendingSnooze(until: until, count: ring.snoozesUsed + 1)
            outcomes.append(.snoozed(ring.alarm, until: until, snoozesLeft: ring.snoozesLeft - 1))
            replies.append(Phrase("snoozed {id} until {time}", ["id": ring.alarm.name, "time": ShortTime(until)]))
        }
        let reply = Phrase(replies)
        return found.allSatisfy { $0.snoozesLeft == 0 } ? .failure(Refusal(.conflict, reply)) : .success(reply)
    }

    /// Stops the named ringing alarm, or every one. With nothing ringing (or the alarm named not
    /// ringing) it dismisses pending snoozes, so a snoozed alarm can be turned off from bed.
    mutating package func stop(_ id: String?) -> Result<Phrase, Refusal> {
        if ringing.isEmpty || (id != nil && !ringing.contains { $0.alarm.name == id || $0.alarm.id == id }) {
            let pending = alarms.filter { state.snoozes[$0.stateKey] != nil && (id == nil || $0.name == id || $0.id == id) }
            let waking = dismissWaking(id)
            guard !pending.isEmpty || !waking.isEmpty else {
                if case let .failure(refusal) = targets(id) { return .failure(refusal) }
                return .failure(Self.nothingRings)
            }
            for alarm in pending {
                state.snoozes[alarm.stateKey] = nil
                outcomes.append(.dismissed(alarm))
            }
            for phase in waking { outcomes.append(.wakeUpStopped(phase.alarm, ring: phase.ring)) }
            let dismissed = pending.isEmpty ? [] : [Phrase("dismissed snoozed {ids}", ["ids": pending.map { $0.name }.joined(separator: ", ")])]
            return .success(Phrase(dismissed + waking.map { Self.dismissedLine($0) }))
        }
        guard case let .success(found) = targets(id) else { return .failure(Self.nothingRings) }
        let now = clock.now()
        for ring in found {
            ringing.removeAll { $0.key == ring.key }
            let rang = Double(now.seconds - ring.since.seconds) + Double(now.nanoseconds) / 1e9
            outcomes.append(.stopped(ring.alarm, rangSeconds: max(Int(rang), 0)))
        }
        return .success(Phrase("stopped {ids}", ["ids": found.map { $0.alarm.name }.joined(separator: ", ")]))
    }

    /// Forgets what is remembered of an alarm switched on (a one-shot that rang is done), so it
    /// rings at its next time, as a phone's alarm does.
    mutating package func rearm(_ id: String) -> Result<Phrase, Refusal> {
        guard let alarm = fileAlarms.first(where: { $0.name == id || $0.id == id }) else {
            return .failure(Refusal(.notFound, Phrase("no alarm {id}", ["id": id])))
        }
        state.schedule.alarms[alarm.stateKey] = nil
        state.schedule = state.schedule.reconciled(with: alarms, now: clock.now().seconds)
        outcomes.append(.rearmed(alarm))
        return .success(Phrase("{id} rings at its next time", ["id": alarm.name]))
    }

    /// What rings, what waits and what rings next, with what the ring engine says is heard.
    package func snapshot(heard: String?, bell: Bool) -> Snapshot {
        let rings = ringing.map { ring in
            Snapshot.Ringing(alarm: ring.alarm, since: ring.since, snoozesLeft: ring.snoozesLeft, sounding: heard == ring.key,
                             bell: heard == ring.key && bell)
        }
        return Snapshot(alarms: fileAlarms, timers: timers.map(\.alarm), state: state, pausedUntil: pausedUntil, now: clock.now().seconds,
                        ringing: rings, fileHooks: fileHooks)
    }
}
