/// Commands during a wake-up phase. A stop (or a dismiss) ends the phase and that ring: the alarm
/// rings again at its following time, as after `skip`. A snooze is refused, with why: nothing
/// rings yet, and snoozing a ring that has not come would only move it.
extension ScheduleModel {
    /// The phases under way for `id` (its name or id), or all.
    package func waking(_ id: String?) -> [WakeUpPhase] {
        snapshot(heard: nil, bell: false).waking.filter { id == nil || $0.alarm.name == id || $0.alarm.id == id }
    }

    /// Drops the ring each phase under way for `id` leads to (a one-shot is done); returns those phases.
    mutating package func dismissWaking(_ id: String?) -> [WakeUpPhase] {
        let phases = waking(id)
        for phase in phases {
            state.schedule.update(phase.alarm) { alarmState in
                if phase.alarm.repeats.isOneShot { alarmState.done = true } else { alarmState.skippedOccurrence = phase.ring }
            }
        }
        return phases
    }

    package static func dismissedLine(_ phase: WakeUpPhase) -> Phrase {
        Phrase("stopped waking {id}: the {time} ring will not come", ["id": phase.alarm.name, "time": ShortTime(phase.ring)])
    }

    /// Why a snooze with nothing ringing does nothing while an alarm wakes; nil when none does.
    package func wakingRefusal(_ id: String?) -> Refusal? {
        guard let phase = waking(id).first else { return nil }
        return Refusal(.conflict, Phrase("nothing is ringing: {id} is waking up and rings at {time}; stop ends the wake-up and that ring",
                                         ["id": phase.alarm.name, "time": ShortTime(phase.ring)]))
    }
}
