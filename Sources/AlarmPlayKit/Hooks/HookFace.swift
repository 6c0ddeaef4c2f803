/// Hooks as one of `run`'s faces: every event the daemon publishes for an alarm (fired, snoozed,
/// stopped, silenced, missed, fallback) runs the hooks that ask for it, with the ring in their
/// environment. `before` hooks are timed by the daemon, which calls `runBefore`.
final class HookFace: DaemonFace {
    /// The alarm an event names, and the hooks that apply to it (its own, then the file's).
    typealias Lookup = (String) -> (alarm: Alarm, hooks: [Hook])?

    private let runner: HookRunner
    private let lookup: Lookup
    private let base: [String: String]

    init(loop: EventLoop, environment: [String: String], lookup: @escaping Lookup,
         log: @escaping (EventLog.Level, String, [(String, String)]) -> Void) {
        runner = HookRunner(loop: loop, log: log)
        self.lookup = lookup
        base = environment
    }

    func start() {}
    func stop() {}

    func publish(_ level: EventLog.Level, _ name: String, _ fields: [(String, String)], at instant: Instant) {
        guard let event = Hook.Event(rawValue: name), event != .before,
              let id = fields.first(where: { $0.0 == "id" })?.1, let (alarm, hooks) = lookup(id)
        else { return }
        let scheduled = fields.first { $0.0 == "scheduled" }?.1 ?? TimeFormat().iso(instant.seconds)
        for hook in hooks where hook.on == event {
            runner.run(job(hook, alarm: alarm, event: name, scheduled: scheduled))
        }
    }

    /// A `before` hook whose moment has come, for the ring at `ring`.
    func runBefore(_ hook: Hook, alarm: Alarm, ring: Int) {
        runner.run(job(hook, alarm: alarm, event: "before", scheduled: TimeFormat().iso(ring)))
    }

    private func job(_ hook: Hook, alarm: Alarm, event: String, scheduled: String) -> HookRunner.Job {
        var environment = base
        environment["ALARMPLAY_EVENT"] = event
        environment["ALARMPLAY_ID"] = alarm.name
        environment["ALARMPLAY_LABEL"] = alarm.label ?? ""
        environment["ALARMPLAY_SCHEDULED"] = scheduled
        environment["ALARMPLAY_SOUND"] = alarm.settings.sequence.map(\.description).joined(separator: ",")
        return HookRunner.Job(hook: hook, id: alarm.name, environment: environment)
    }
}
