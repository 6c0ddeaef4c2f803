/// What `run` says of the wake-up phases as time passes, without I/O: `waking` once when a phase
/// begins, its progress at each of its steps, and when the timer must wake next for them. The
/// phases come from the snapshot each time, so the plan only remembers what it already said.
package struct WakeUpPlan {
    package struct Said: Hashable {
        package var key: String
        package var ring: Int
    }

    /// The last step said of each phase under way.
    private(set) package var said: [Said: Int] = [:]

    package init(said: [Said: Int] = [:]) {
        self.said = said
    }

    /// Takes the phases at `now`; returns the events to publish, and the next second a phase
    /// begins or steps (nil: none ahead).
    mutating package func step(_ phases: [WakeUpPhase], now: Int) -> (events: [DaemonEvent], next: Int?) {
        var events: [DaemonEvent] = []
        var kept: [Said: Int] = [:]
        var next: Int?
        for phase in phases {
            guard phase.isActive(at: now) else {
                if phase.start > now { next = min(next ?? phase.start, phase.start) }
                continue
            }
            let key = Said(key: phase.alarm.stateKey, ring: phase.ring)
            let step = phase.step(at: now)
            switch said[key] {
            case nil:
                events.append(.waking(id: phase.alarm.name, ring: phase.ring, seconds: phase.seconds, sound: phase.alarm.settings.wakeUpSound?.description))
            case let last? where last < step:
                events.append(.wakingProgress(id: phase.alarm.name, ring: phase.ring, progress: phase.progress(at: now)))
            default: break
            }
            kept[key] = step
            if let update = phase.nextUpdate(after: now) { next = min(next ?? update, update) }
        }
        said = kept
        return (events, next)
    }
}
