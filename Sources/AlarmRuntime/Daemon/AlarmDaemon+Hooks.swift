import AlarmCore

extension AlarmDaemon {
    /// Announces the `before` hooks whose moment has come; the hooks face runs them. Returns the
    /// next such moment, for the timer.
    package func runBeforeHooks(now: Int) -> Int? {
        let (due, next) = beforeHooks.step(now: now, alarms: model.alarms, fileHooks: model.fileHooks, state: model.state,
                                           pausedUntil: model.pausedUntil)
        for hook in due { event(.hookDue(id: hook.alarm, index: hook.index, ring: hook.ring)) }
        return next
    }
}
