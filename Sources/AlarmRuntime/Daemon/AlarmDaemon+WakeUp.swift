import AlarmCore

/// The wake-up phases (`Bedroom/`): the snapshot says which rings have one, the plan what to say
/// and when to wake for it, and a phase with a sound opens its ring's sound at the phase's start.
extension AlarmDaemon {
    /// Says the phases that began or stepped; returns when the timer must wake for the next.
    package func runWakeUps() -> Int? {
        let (events, next) = wakeUps.step(model.snapshot(heard: nil, bell: false).wakeUpPhases, now: clock.now().seconds)
        for announced in events { event(announced) }
        return next
    }

    /// The phase with a wake-up sound in front of `due`, if it has one.
    package func soundPhase(for due: Ring) -> WakeUpPhase? {
        model.snapshot(heard: nil, bell: false).wakeUpPhases.first {
            $0.alarm.stateKey == due.alarm.stateKey && $0.ring == due.at && $0.alarm.settings.wakeUpSound != nil
        }
    }
}
