/// What one of the schedule's decisions means for `run`, decided here and applied by the daemon:
/// the event to announce, and what the sound and the reports do about it. The sound goes first,
/// so a face hearing the event can never delay what is heard.
package struct OutcomeEffects: Equatable {
    package var event: DaemonEvent
    /// An alarm fired: a preview (or a sleep timer) gives way.
    package var endsPreview = false
    /// What is heard follows the ringing alarms again.
    package var soundFollows = false
    /// The ring of this alarm ended: a later one may be reported degraded again.
    package var ringEnded: String?
    /// The alarm whose mixer is made audible (`forceAudible`).
    package var makesAudible: Alarm?
    /// The ringing alarm's sound takes its next escalation step.
    package var escalates: RingingAlarm?

    /// `plays`: what a sound of several (a folder) plays for a ring of an alarm at an instant.
    package init(_ outcome: ScheduleModel.Outcome, plays: (Alarm, Int) -> String?) {
        switch outcome {
        case let .fired(due, late):
            event = .fired(id: due.alarm.name, scheduled: due.at, lateMilliseconds: late, snooze: due.snoozeCount, plays: plays(due.alarm, due.at))
            endsPreview = true
            soundFollows = true
            makesAudible = due.alarm.settings.forceAudible ? due.alarm : nil
        case let .heldByPause(due):
            event = .heldByPause(id: due.alarm.name, scheduled: due.at)
        case let .missed(due, late):
            event = .missed(id: due.alarm.name, scheduled: due.at, lateSeconds: late)
        case let .silenced(ring):
            event = .silenced(id: ring.alarm.name, afterSeconds: ring.alarm.settings.ringFor)
            (soundFollows, ringEnded) = (true, ring.alarm.name)
        case let .snoozed(alarm, until, left):
            event = .snoozed(id: alarm.name, until: until, snoozesLeft: left)
            (soundFollows, ringEnded) = (true, alarm.name)
        case let .snoozeRefused(alarm):
            event = .snoozeRefused(id: alarm.name, maxSnoozes: alarm.settings.maxSnoozes)
        case let .stopped(alarm, rang):
            event = .stopped(id: alarm.name, rangSeconds: rang)
            (soundFollows, ringEnded) = (true, alarm.name)
        case let .escalated(ring, step):
            let change = ring.alarm.settings.escalate[step - 1]
            event = .escalated(id: ring.alarm.name, step: step, volume: change.volume, sound: change.sound?.description)
            escalates = ring
        case let .dismissed(alarm):
            event = .dismissed(id: alarm.name)
        case let .rearmed(alarm):
            event = .rearmed(id: alarm.name)
        case let .wakeUpStopped(alarm, ring):
            event = .wakeUpStopped(id: alarm.name, ring: ring)
        case let .timerStarted(timer, seconds):
            event = .timerStarted(id: timer.alarm.name, at: timer.at, seconds: seconds)
        case let .timerCancelled(id):
            event = .timerCancelled(id: id)
        }
    }
}
