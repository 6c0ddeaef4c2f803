/// The daemon's side of hooks: which apply to an alarm, and the `before` hooks, which it times
/// like rings (the timer wakes exactly at their instant, and nothing more).
extension AlarmDaemon {
    /// Always made: hooks may appear with any edit of the file.
    func makeHookFace() -> HookFace {
        HookFace(
            loop: loop, environment: Environment.current().variables,
            lookup: { [unowned self] id in
                guard let alarm = model.alarms.first(where: { $0.name == id }) else { return nil }
                return (alarm, alarm.hooks + fileHooks)
            },
            report: { [unowned self] in event(.face($0)) })
    }

    /// Runs the `before` hooks whose moment has come (or passed while `run` was down) for a ring
    /// still ahead, each once per ring; returns the next such moment, for the timer.
    func runBeforeHooks(now: Int) -> Int? {
        guard let hooks = hookFace else { return nil }
        var next: Int?
        ranBeforeHooks = ranBeforeHooks.filter { $0.ring > now }
        for alarm in model.alarms {
            let before = (alarm.hooks + fileHooks).enumerated().filter { $0.element.on == .before }
            guard !before.isEmpty, let ring = DueRings.next(after: now, alarms: [alarm], state: model.state)?.at,
                  !PauseRule.holds(ring, pausedUntil: model.pausedUntil)
            else { continue }
            for (index, hook) in before {
                let moment = ring - hook.before
                if moment > now {
                    next = min(next ?? moment, moment)
                } else if ranBeforeHooks.insert(RanHook(key: alarm.stateKey, ring: ring, index: index)).inserted {
                    hooks.runBefore(hook, alarm: alarm, ring: ring)
                }
            }
        }
        return next
    }
}

/// A `before` hook that has run for one ring.
struct RanHook: Hashable {
    var key: String
    var ring: Int
    var index: Int
}
