/// Each event's level, name and fields, in the order its log line has always had them.
extension DaemonEvent {
    public var level: EventLevel {
        switch self {
        case .missed, .silenced, .fallback, .unmuted, .preflightFailed, .ringDegraded, .noAlarms, .reloadFailed, .reloadRejected,
             .lastGoodNotSaved, .stateUnreadable, .stateNotSaved, .noWake, .wakeUpSoundFailed, .calendarNotRead, .skipDaysNotRead,
             .clockUnsynchronised, .clockDisagrees, .calendarCutShort:
            return .warning
        case let .bell(_, on): return on ? .warning : .info
        case let .loaded(load): return load.lastGoodCopy == nil ? .info : .warning
        case .loadFailed, .timerFailed: return .error
        case .prepared, .hookDue, .preflightOK, .reload, .wakingProgress: return .debug
        case let .face(report): return report.level
        default: return .info
        }
    }

    public var name: String {
        switch self {
        case .fired: return "fired"
        case .heldByPause: return "skipped"
        case .missed: return "missed"
        case .silenced: return "silenced"
        case .snoozed: return "snoozed"
        case .snoozeRefused: return "snooze_refused"
        case .stopped, .dismissed, .wakeUpStopped: return "stopped"
        case .rearmed: return "rearmed"
        case .prepared: return "prepared"
        case .hookDue: return "hook_due"
        case .fallback: return "fallback"
        case let .bell(_, on): return on ? "bell" : "bell_off"
        case .unmuted: return "unmuted"
        case .mixerRestored: return "mixer_restored"
        case .escalated: return "escalated"
        case .ringDegraded: return "ring_degraded"
        case .householdRingSent: return "household_ring_sent"
        case .householdRing: return "household_ring"
        case .householdStopSent: return "household_stop_sent"
        case .householdStop: return "household_stop"
        case .preflightOK: return "preflight_ok"
        case .preflightFailed: return "preflight_failed"
        case .preflightRecovered: return "preflight_recovered"
        case .waking: return "waking"
        case .bedtime: return "bedtime"
        case .wakingProgress: return "waking_progress"
        case .wakeUpSoundFailed: return "wake_up_sound_failed"
        case let .loaded(load): return load.reloaded ? "reloaded" : "loaded"
        case .reload: return "reload"
        case .noAlarms: return "no_alarms"
        case .reloadFailed, .reloadRejected: return "reload_failed"
        case .loadFailed: return "load_failed"
        case .lastGoodNotSaved: return "last_good_not_saved"
        case .stateUnreadable: return "state_unreadable"
        case .stateNotSaved: return "state_not_saved"
        case .clockChanged: return "clock_changed"
        case .clockUnsynchronised: return "clock_unsynchronised"
        case .clockSynchronised: return "clock_synchronised"
        case .clockDisagrees: return "clock_disagrees"
        case .clockAgrees: return "clock_agrees"
        case .timezoneChanged: return "timezone_changed"
        case .timerFailed: return "timer_failed"
        case .priority: return "priority"
        case .wakeReady: return "wake_ready"
        case .noWake: return "no_wake"
        case .previewStarted: return "preview_started"
        case .previewEnded: return "preview_ended"
        case .volumeChanged: return "volume"
        case .soundAdded: return "sound_added"
        case .reportsSeen: return "reports_seen"
        case .calendarNotRead: return "calendar_not_read"
        case .skipDaysNotRead: return "skip_days_not_read"
        case .calendarCutShort: return "calendar_cut_short"
        case .timerStarted: return "timer_started"
        case .timerCancelled: return "timer_cancelled"
        case .sleepStarted: return "sleep_started"
        case .sleepEnded: return "sleep_ended"
        case .terminalClosed: return "terminal_closed"
        case .exiting: return "exiting"
        case let .face(report): return report.name
        }
    }

    /// The alarm (or timer) the event is about, if any.
    public var alarmID: String? {
        switch self {
        case let .fired(id, _, _, _, _), let .heldByPause(id, _), let .missed(id, _, _), let .silenced(id, _),
             let .snoozed(id, _, _), let .snoozeRefused(id, _), let .stopped(id, _), let .dismissed(id),
             let .rearmed(id), let .prepared(id), let .hookDue(id, _, _), let .fallback(id, _), let .bell(id, _), let .unmuted(id, _, _),
             let .escalated(id, _, _, _), let .ringDegraded(id, _), let .householdRingSent(id, _), let .householdRing(id, _),
             let .householdStopSent(id, _, _), let .householdStop(id, _, _, _), let .preflightOK(id, _, _), let .preflightFailed(id, _, _),
             let .preflightRecovered(id, _, _), let .waking(id, _, _, _), let .wakingProgress(id, _, _), let .wakeUpStopped(id, _),
             let .wakeUpSoundFailed(id, _), let .bedtime(id, _), let .calendarNotRead(id, _, _, _),
             let .timerStarted(id, _, _), let .timerCancelled(id), let .clockUnsynchronised(id, _):
            return id
        default:
            return nil
        }
    }

    public var fields: [EventField] {
        switch self {
        case let .fired(id, scheduled, late, snooze, plays):
            return [.init("id", .text(id)), .init("scheduled", .time(scheduled)), .init("late_ms", .number(late))]
                + (snooze.map { [.init("snooze", .number($0))] } ?? []) + (plays.map { [.init("plays", .text($0))] } ?? [])
        case let .heldByPause(id, scheduled):
            return [.init("id", .text(id)), .init("reason", .text("paused")), .init("scheduled", .time(scheduled))]
        case let .missed(id, scheduled, late):
            return [.init("id", .text(id)), .init("scheduled", .time(scheduled)), .init("late_s", .number(late))]
        case let .silenced(id, after):
            return [.init("id", .text(id)), .init("after_s", .number(after))]
        case let .snoozed(id, until, left):
            return [.init("id", .text(id)), .init("until", .time(until)), .init("snoozes_left", .number(left))]
        case let .snoozeRefused(id, most):
            return [.init("id", .text(id)), .init("max_snoozes", .number(most))]
        case let .stopped(id, rang):
            return [.init("id", .text(id)), .init("rang_s", .number(rang))]
        case let .dismissed(id):
            return [.init("id", .text(id)), .init("was", .text("snoozed"))]
        case let .rearmed(id), let .prepared(id), let .bell(id, _), let .timerCancelled(id):
            return [.init("id", .text(id))]
        case let .hookDue(id, index, ring):
            return [.init("id", .text(id)), .init("hook", .number(index)), .init("scheduled", .time(ring))]
        case let .fallback(id, reason):
            return [.init("id", .text(id)), .init("reason", .text(reason))]
        case let .unmuted(id, control, elements):
            return [.init("id", .text(id)), .init("control", .text(control)), .init("elements", .list(elements))]
        case let .escalated(id, step, volume, sound):
            return [.init("id", .text(id)), .init("step", .number(step))] + (volume.map { [.init("volume", .decimal($0))] } ?? [])
                + (sound.map { [.init("sound", .text($0))] } ?? [])
        case let .ringDegraded(id, reason):
            return [.init("id", .text(id)), .init("reason", .text(reason))]
        case let .householdRingSent(id, ring):
            return [.init("id", .text(id)), .init("ring", .text(ring.ring))] + (ring.label.map { [.init("label", .text($0))] } ?? [])
        case let .householdRing(id, ring):
            return [.init("id", .text(id)), .init("ring", .text(ring.ring)), .init("origin", .text(ring.origin)), .init("alarm", .text(ring.alarm))]
                + (ring.label.map { [.init("label", .text($0))] } ?? [])
        case let .householdStopSent(id, ring, snoozed):
            return [.init("id", .text(id)), .init("ring", .text(ring)), .init("action", .text(snoozed ? "snooze" : "stop"))]
        case let .householdStop(id, ring, by, snoozed):
            return [.init("id", .text(id)), .init("ring", .text(ring)), .init("from", .text(by)), .init("action", .text(snoozed ? "snooze" : "stop"))]
        case let .preflightOK(id, ring, plays):
            return [.init("id", .text(id)), .init("scheduled", .time(ring))] + (plays.map { [.init("plays", .text($0))] } ?? [])
        case let .preflightFailed(id, ring, problems):
            return [.init("id", .text(id)), .init("scheduled", .time(ring)), .init("problems", .list(problems))]
        case let .preflightRecovered(id, ring, fixed):
            return [.init("id", .text(id)), .init("scheduled", .time(ring)), .init("fixed", .list(fixed))]
        case let .waking(id, ring, seconds, sound):
            return [.init("id", .text(id)), .init("scheduled", .time(ring)), .init("wake_up_s", .number(seconds))]
                + (sound.map { [.init("sound", .text($0))] } ?? [])
        case let .bedtime(id, ring):
            return [.init("id", .text(id)), .init("scheduled", .time(ring))]
        case let .wakingProgress(id, ring, progress):
            return [.init("id", .text(id)), .init("scheduled", .time(ring)), .init("progress", .decimal((progress * 100).rounded() / 100))]
        case let .wakeUpStopped(id, ring):
            return [.init("id", .text(id)), .init("was", .text("waking")), .init("scheduled", .time(ring))]
        case let .wakeUpSoundFailed(id, reason):
            return [.init("id", .text(id)), .init("reason", .text(reason))]
        case let .mixerRestored(control, elements):
            return [.init("control", .text(control)), .init("elements", .list(elements))]
        case let .loaded(load):
            return load.fields
        case let .reload(reason):
            return [.init("reason", .text(reason))]
        case let .noAlarms(problem), let .reloadFailed(problem), let .loadFailed(problem), let .lastGoodNotSaved(problem),
             let .stateUnreadable(problem), let .stateNotSaved(problem), let .timerFailed(problem):
            return [.init("problem", .text(problem))]
        case let .calendarNotRead(id, calendar, problem, fallback):
            return [.init("id", .text(id)), .init("calendar", .text(calendar)), .init("problem", .text(problem)), .init("rings", .text(fallback))]
        case let .skipDaysNotRead(calendar, problem, alarms, kept):
            return [.init("calendar", .text(calendar)), .init("problem", .text(problem)), .init("alarms", .list(alarms)),
                    .init("skips", .text(kept ? "last_good" : "none"))]
        case let .calendarCutShort(calendar, reason, alarms):
            return [.init("calendar", .text(calendar)), .init("reason", .text(reason)), .init("alarms", .list(alarms))]
        case let .reportsSeen(cleared):
            return [.init("cleared", .number(cleared))]
        case let .reloadRejected(file, problems):
            return [.init("file", .text(file)), .init("problems", .number(problems))]
        case let .clockChanged(now, lastChecked):
            return [.init("now", .time(now)), .init("last_checked", .time(lastChecked))]
        case let .timezoneChanged(now):
            return [.init("now", .time(now))]
        case let .clockUnsynchronised(id, ring):
            return [.init("id", .text(id)), .init("scheduled", .time(ring))]
        case .clockSynchronised:
            return []
        case let .clockDisagrees(other):
            return [.init("member", .text(other.member)), .init("name", .text(other.name)), .init("difference_s", .number(other.seconds)),
                    .init("synchronised", .text(other.synchronised.rawValue))]
        case let .clockAgrees(member, seconds):
            return [.init("member", .text(member)), .init("difference_s", .number(seconds))]
        case let .priority(.realtime(priority)):
            return [.init("scheduler", .text("rr")), .init("rt_priority", .number(Int(priority)))]
        case let .priority(.normal(nice, reason)):
            return [.init("scheduler", .text("normal")), .init("nice", .number(Int(nice))), .init("reason", .text(reason))]
        case let .wakeReady(early):
            return [.init("clock", .text("realtime_alarm")), .init("early_s", .number(early))]
        case let .noWake(reason, hint):
            return [.init("reason", .text(reason)), .init("hint", .text(hint))]
        case let .previewStarted(sound, seconds):
            return [.init("sound", .text(sound)), .init("seconds", .decimal(seconds))]
        case let .previewEnded(reason):
            return [.init("reason", .text(reason))]
        case let .volumeChanged(percent):
            return [.init("percent", .number(percent))]
        case let .soundAdded(sound, path):
            return [.init("sound", .text(sound)), .init("path", .text(path))]
        case let .timerStarted(id, at, seconds):
            return [.init("id", .text(id)), .init("at", .time(at)), .init("seconds", .number(seconds))]
        case let .sleepStarted(sound, seconds, fade, endsAt):
            return [.init("sound", .text(sound)), .init("seconds", .number(seconds)), .init("fade_s", .number(fade)), .init("ends", .time(endsAt))]
        case let .sleepEnded(reason):
            return [.init("reason", .text(reason.rawValue))]
        case .exiting, .terminalClosed:
            return []
        case let .face(report):
            return report.fields
        }
    }

    /// The event as one JSON object, `event`, `level` and `time` first: what SSE, MQTT and the
    /// events file send.
    public func json(at instant: Instant) -> JSONValue {
        let head: [(String, JSONValue)] = [("event", .string(name)), ("level", .string(level.name)),
                                           ("time", .string(TimeFormat().isoMilliseconds(instant)))]
        return .object(head + fields.map { ($0.key, $0.value.json) })
    }
}

extension ScheduleLoaded {
    package var fields: [EventField] {
        var fields: [EventField] = [
            .init("count", .number(count)), .init("enabled", .number(enabled)),
            .init("next", .text(next.map { "\($0.id)@\(TimeFormat().iso($0.at))" } ?? "none")),
        ]
        if let pausedUntil { fields.append(.init("paused_until", .text(pausedUntil))) }
        if let lastGoodCopy { fields += [.init("using", .text("last-good")), .init("copy", .text(lastGoodCopy))] }
        return fields
    }
}
