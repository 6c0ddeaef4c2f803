import AlarmCore

/// Ringing on every alarmplay of the household. A step of `escalate` with `"household": true`
/// sends this `run`'s ring to the others (`household_ring_sent`; `HouseholdFace` carries it);
/// another's ring rings here as an in-memory alarm with this `run`'s own default sound, like a
/// timer. Whichever member stops or snoozes it tells the others, and each ends its part through
/// the usual stop and snooze, so the one where it happened and the origin log it the same way.
extension AlarmDaemon {
    /// After every event: a household step starts a ring, the end of an alarm ringing one ends it.
    package func followHousehold(_ event: DaemonEvent) {
        switch event {
        case let .escalated(id, step, _, _): sendHousehold(id, step: step)
        case let .stopped(id, _), let .dismissed(id): endHousehold(id, snoozed: false)
        case let .snoozed(id, _, _): endHousehold(id, snoozed: true)
        case let .silenced(id, _):
            // The origin's ring ran its time: the others stop too. Another's ran out only here.
            if household.isGuest(id) { _ = household.remove(local: id) } else { endHousehold(id, snoozed: false) }
        default: break
        }
    }

    private func sendHousehold(_ id: String, step: Int) {
        guard let ring = model.ringing.first(where: { $0.alarm.name == id }), ring.alarm.settings.escalate.indices.contains(step - 1),
              ring.alarm.settings.escalate[step - 1].household else { return }
        guard let instance = householdInstance, let mqtt = configuration.mqtt else {
            return event(.face(FaceReport(.warning, "household_not_sent", ["id": .text(id), "reason": .text("run has no --mqtt broker to reach the household")])))
        }
        guard let sent = household.send(id, label: ring.alarm.label, origin: instance, originName: mqtt.deviceName, now: clock.now().seconds) else { return }
        event(.householdRingSent(id: id, sent))
    }

    private func endHousehold(_ local: String, snoozed: Bool) {
        guard let entry = household.remove(local: local) else { return }
        event(.householdStopSent(id: local, ring: entry.ring.ring, snoozed: snoozed || entry.endsAsSnooze))
    }

    /// Another's ring: rung from the next second (`evaluate` has handled this one) on this `run`'s
    /// devices with its default sound, without a fade (the origin has rung unanswered already) and
    /// without escalating (so it never rings the household again).
    package func ringForHousehold(_ ring: HouseholdRing) -> CommandResult {
        guard ring.origin != householdInstance else { return .done(Phrase("own household ring")) }
        guard let id = household.receive(ring) else { return .done(Phrase("household ring {ring} already rings", ["ring": ring.ring])) }
        let at = clock.now().seconds + 1
        let local = LocalTimeZone.current.localTime(at: at)
        var settings = defaults
        settings.fadeIn = 0
        settings.escalate = []
        let alarm = Alarm(id: id, position: model.fileAlarms.count + model.timers.count + 1, label: ring.shownLabel,
                          time: local.time, repeats: .date(local.date), settings: settings)
        model.timers.append(RunningTimer(alarm: alarm, at: at))
        event(.householdRing(id: id, ring))
        return .value(["id": .string(id), "ring": .string(ring.ring)])
    }

    /// Another member ended the ring: the origin stops or snoozes its alarm, the others drop their
    /// copy (stopped if it rings, gone if its second has not come yet). Forgotten first, so the
    /// stop that follows is not sent back to the household.
    package func endedByHousehold(_ ring: String, by: String, snoozed: Bool) -> CommandResult {
        guard let entry = household.remove(ring: ring) else { return .refused(Refusal(.notFound, "no household ring \(ring) here")) }
        event(.householdStop(id: entry.local, ring: ring, by: by, snoozed: snoozed))
        guard entry.mine else {
            return .done(model.cancelTimer(entry.local) ? Phrase("stopped {ids}", ["ids": entry.local]) : Phrase("{id} was over", ["id": entry.local]))
        }
        return CommandResult(snoozed ? model.snooze(entry.local) : model.stop(entry.local))
    }

    /// A snooze: another's ring stops here and is snoozed at its origin (a snooze here would ring
    /// a copy of it again, unasked); the rest snooze as always.
    package func snooze(_ id: String?) -> CommandResult {
        let guests = model.ringing.map(\.alarm).filter { household.isGuest($0.name) && (id == nil || $0.name == id || $0.id == id) }
        guard !guests.isEmpty else { return CommandResult(model.snooze(id)) }
        for alarm in guests {
            household.endAsSnooze(alarm.name)
            _ = model.stop(alarm.name)
        }
        let stopped = Phrase("stopped {ids} here; snoozed where it rang first", ["ids": guests.map(\.name).joined(separator: ", ")])
        guard id == nil, !model.ringing.isEmpty else { return .done(stopped) }
        switch model.snooze(nil) {
        case let .success(reply): return .done(Phrase([stopped, reply]))
        case let .failure(refusal): return .done(Phrase([stopped, refusal.words]))
        }
    }
}
