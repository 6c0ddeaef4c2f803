import AlarmCore
import AlarmRuntime

/// Hooks as one of `run`'s faces: every event the daemon publishes for an alarm (fired, snoozed,
/// stopped, silenced, missed, fallback, escalated, waking, preflight_failed, preflight_recovered,
/// ring_degraded) runs the hooks that ask for it, with the ring in their
/// environment. `before` hooks are timed by the core, which says when one is due (`hook_due`).
final package class HookFace: DaemonFace {
    private let runner: HookRunner
    private unowned let host: any FaceHost
    private let base: [String: String]

    /// Always made: hooks may appear with any edit of the file.
    package static func make(_ host: any FaceHost) -> HookFace? {
        HookFace(host: host, environment: Environment.current().variables)
    }

    package init(host: any FaceHost, environment: [String: String]) {
        runner = HookRunner(loop: host.loop) { [unowned host] in host.report($0) }
        self.host = host
        base = environment
    }

    package func start() {}
    package func stop() {}

    package func publish(_ event: DaemonEvent, at instant: Instant) {
        if case let .hookDue(id, index, ring) = event {
            guard let (alarm, hooks) = lookup(id), hooks.indices.contains(index) else { return }
            return runner.run(job(hooks[index], alarm: alarm, event: Hook.Event.before.rawValue, scheduled: TimeFormat().iso(ring), reason: ""))
        }
        guard let on = Hook.Event(event), let id = event.alarmID, let (alarm, hooks) = lookup(id) else { return }
        let scheduled = TimeFormat().iso(Self.scheduled(event) ?? instant.seconds)
        for hook in hooks where hook.on == on {
            runner.run(job(hook, alarm: alarm, event: on.rawValue, scheduled: scheduled, reason: Self.reason(event)))
        }
    }

    /// The alarm an event names, and the hooks that apply to it (its own, then the file's).
    private func lookup(_ id: String) -> (alarm: Alarm, hooks: [Hook])? {
        let snapshot = host.snapshot()
        guard let alarm = snapshot.alarms.first(where: { $0.name == id }) else { return nil }
        return (alarm, alarm.hooks + snapshot.fileHooks)
    }

    /// The ring an event is about, when it names one; else the hook's ring is the event's moment.
    private static func scheduled(_ event: DaemonEvent) -> Int? {
        switch event {
        case let .fired(_, scheduled, _, _, _), let .missed(_, scheduled, _), let .preflightFailed(_, scheduled, _),
             let .preflightRecovered(_, scheduled, _), let .waking(_, scheduled, _, _), let .wakeUpStopped(_, scheduled):
            return scheduled
        default: return nil
        }
    }

    /// What went wrong, when the event says: its reason, or its problems (or those fixed) one per line.
    private static func reason(_ event: DaemonEvent) -> String {
        for field in event.fields {
            switch (field.key, field.value) {
            case let ("reason", value): return value.logText
            case let ("problems", .list(lines)), let ("fixed", .list(lines)): return lines.joined(separator: "\n")
            default: continue
            }
        }
        return ""
    }

    private func job(_ hook: Hook, alarm: Alarm, event: String, scheduled: String, reason: String) -> HookRunner.Job {
        var environment = base
        environment["ALARMPLAY_EVENT"] = event
        environment["ALARMPLAY_ID"] = alarm.name
        environment["ALARMPLAY_LABEL"] = alarm.label ?? ""
        environment["ALARMPLAY_SCHEDULED"] = scheduled
        environment["ALARMPLAY_SOUND"] = alarm.settings.sequence.map(\.description).joined(separator: ",")
        // What went wrong, for a hook that sends it on (a phone notification).
        environment["ALARMPLAY_REASON"] = reason
        return HookRunner.Job(hook: hook, id: alarm.name, environment: environment)
    }
}

extension Hook.Event {
    /// The hooks an event runs; `before` hooks are timed by the daemon instead.
    package init?(_ event: DaemonEvent) {
        switch event {
        case .fired: self = .fired
        case .snoozed: self = .snoozed
        case .stopped, .dismissed, .wakeUpStopped: self = .stopped
        case .waking: self = .waking
        case .bedtime: self = .bedtime
        case .silenced: self = .silenced
        case .missed: self = .missed
        case .fallback: self = .fallback
        case .escalated: self = .escalated
        case .preflightFailed: self = .preflightFailed
        case .preflightRecovered: self = .preflightRecovered
        case .ringDegraded: self = .ringDegraded
        default: return nil
        }
    }
}
