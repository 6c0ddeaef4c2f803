import AlarmCore

/// `before` hooks are timed like rings (the timer wakes exactly at their instant, and nothing
/// more); when one's moment comes it is an event, and the hooks face runs it.
extension AlarmDaemon {
    /// Announces the `before` hooks whose moment has come (or passed while `run` was down) for a
    /// ring still ahead, each once per ring; returns the next such moment, for the timer.
    package func runBeforeHooks(now: Int) -> Int? {
        var next: Int?
        ranBeforeHooks = ranBeforeHooks.filter { $0.ring > now }
        for alarm in model.alarms {
            let before = (alarm.hooks + model.fileHooks).enumerated().filter { $0.element.on == .before }
            var rings = RingTimeline(alarms: [alarm], state: model.state, pausedUntil: model.pausedUntil, after: now).makeIterator()
            guard !before.isEmpty, let ring = rings.next()?.at else { continue }
            for (index, hook) in before {
                let moment = ring - hook.before
                if moment > now {
                    next = min(next ?? moment, moment)
                } else if ranBeforeHooks.insert(RanHook(key: alarm.stateKey, ring: ring, index: index)).inserted {
                    event(.hookDue(id: alarm.name, index: index, ring: ring))
                }
            }
        }
        return next
    }
}

/// A `before` hook that has run for one ring.
package struct RanHook: Hashable {
    package var key: String
    package var ring: Int
    package var index: Int
}
