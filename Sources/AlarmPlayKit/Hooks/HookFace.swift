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
         report: @escaping FaceReport.Sink) {
        runner = HookRunner(loop: loop, report: report)
        self.lookup = lookup
        base = environment
    }

    func start() {}
    func stop() {}

    func publish(_ event: DaemonEvent, at instant: Instant) {
        guard let on = Hook.Event(event), let id = event.alarmID, let (alarm, hooks) = lookup(id) else { return }
        let scheduled = TimeFormat().iso(Self.scheduled(event) ?? instant.seconds)
        for hook in hooks where hook.on == on {
            runner.run(job(hook, alarm: alarm, event: on.rawValue, scheduled: scheduled))
        }
    }

    /// The ring an event is about, when it names one; else the hook's ring is the event's moment.
    private static func scheduled(_ event: DaemonEvent) -> Int? {
        switch event {
        case let .fired(_, scheduled, _, _), let .missed(_, scheduled, _): return scheduled
        default: return nil
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

extension Hook.Event {
    /// The hooks an event runs; `before` hooks are timed by the daemon instead.
    init?(_ event: DaemonEvent) {
        switch event {
        case .fired: self = .fired
        case .snoozed: self = .snoozed
        case .stopped, .dismissed: self = .stopped
        case .silenced: self = .silenced
        case .missed: self = .missed
        case .fallback: self = .fallback
        default: return nil
        }
    }
}
