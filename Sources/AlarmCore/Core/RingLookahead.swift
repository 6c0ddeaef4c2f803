/// What comes before a ring, apart from its sound: the `before` hooks, the bedtime reminder, the
/// wake-up phase and the check. Each is a plan that says what is due at a second and when the next
/// is; one step runs them all on the schedule, so the daemon only says the events, starts the
/// checks and plays the reminder's sound, and the timer wakes at the earliest of their moments.
package struct RingLookahead {
    package var beforeHooks = BeforeHookPlan()
    package var bedtimes = BedtimePlan()
    package var wakeUps = WakeUpPlan()
    package var preflight = PreflightPlan()

    /// How many of the next rings are checked: enough for alarms set close together.
    package static let checkedRings = 4
    /// No check starts within a ring's pre-roll and this many seconds more: it is opening its sound by then.
    package static let checkMargin = 2

    /// What one step found due.
    package struct Step: Equatable {
        /// To say, in order: hooks due, phases begun or stepped, bedtimes.
        package var events: [DaemonEvent] = []
        /// The rings whose check starts now.
        package var checks: [Ring] = []
        /// The soft sound of a bedtime reminder due now, played when nothing else plays.
        package var bedtimeSound: SoundReference?
        /// The earliest second any of the plans is due next, for the timer.
        package var next: Int?
    }

    package init() {}

    /// Runs every plan at the schedule's present; `preroll` is how far ahead a ring's sound opens.
    package mutating func step(_ model: ScheduleModel, preroll: (Alarm) -> Int) -> Step {
        let now = model.clock.now().seconds
        // The schedule's own snapshot: the faces' extras (what is heard, the checks) are not needed here.
        let snapshot = model.snapshot(heard: nil, bell: false)
        var step = Step()
        let hooks = beforeHooks.step(now: now, alarms: model.alarms, fileHooks: model.fileHooks, state: model.state,
                                     pausedUntil: model.pausedUntil)
        step.events += hooks.due.map { .hookDue(id: $0.alarm, index: $0.index, ring: $0.ring) }
        preflight.track(snapshot.upcoming(count: Self.checkedRings).map { ($0, preroll($0.alarm) + Self.checkMargin) })
        step.checks = preflight.start(now: now)
        let waking = wakeUps.step(snapshot.wakeUpPhases, now: now)
        step.events += waking.events
        let bedtime = bedtimes.step(now: now, alarms: model.alarms, state: model.state, pausedUntil: model.pausedUntil)
        step.events += bedtime.due.map { .bedtime(id: $0.alarm, ring: $0.ring) }
        step.bedtimeSound = bedtime.due.lazy.compactMap(\.sound).first
        step.next = [hooks.next, preflight.nextDeadline(now: now), waking.next, bedtime.next].compactMap { $0 }.min()
        return step
    }

    /// The phase with a wake-up sound in front of `due`, if it has one: its sound opens at the phase's start.
    package static func soundPhase(for due: Ring, in model: ScheduleModel) -> WakeUpPhase? {
        model.snapshot(heard: nil, bell: false).wakeUpPhases.first {
            $0.alarm.stateKey == due.alarm.stateKey && $0.ring == due.at && $0.alarm.settings.wakeUpSound != nil
        }
    }

    /// Each alarm's check as every face shows it: its next ring, when it was checked, what is wrong.
    package var checks: [Snapshot.Preflight] {
        preflight.entries.values.sorted { $0.ring.at < $1.ring.at }.map {
            Snapshot.Preflight(id: $0.ring.alarm.name, ring: $0.ring.at, checkedAt: $0.checkedAt, problems: $0.problems)
        }
    }
}
