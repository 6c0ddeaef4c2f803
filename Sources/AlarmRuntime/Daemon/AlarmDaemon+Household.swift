import AlarmCore

/// The household's rings in this `run`'s schedule (`HouseholdLink` decides).
extension AlarmDaemon {
    package func followHousehold(_ event: DaemonEvent) {
        for said in household.follow(event, ringing: model.ringing, now: clock.now().seconds) { self.event(said) }
    }

    /// Another's ring, rung from the next second (`evaluate` has handled this one).
    package func ringForHousehold(_ ring: HouseholdRing) -> CommandResult {
        let at = clock.now().seconds + 1
        let (alarm, reply) = household.receive(ring, defaults: source.defaults, position: model.fileAlarms.count + model.timers.count + 1, at: at)
        if let alarm {
            model.timers.append(RunningTimer(alarm: alarm, at: at))
            event(.householdRing(id: alarm.name, ring))
        }
        return reply
    }

    /// Another member ended the ring: the origin stops or snoozes its alarm, the others drop their
    /// copy (stopped if it rings, gone if its second has not come yet). Forgotten first, so the
    /// stop that follows is not sent back to the household.
    package func endedByHousehold(_ ring: String, by: String, snoozed: Bool) -> CommandResult {
        guard let entry = household.rings.remove(ring: ring) else { return .refused(Refusal(.notFound, "no household ring \(ring) here")) }
        event(.householdStop(id: entry.local, ring: ring, by: by, snoozed: snoozed))
        guard entry.mine else {
            return .done((try? model.cancelTimer(entry.local).get()) != nil ? Phrase("stopped {ids}", ["ids": entry.local]) : Phrase("{id} was over", ["id": entry.local]))
        }
        return CommandResult(snoozed ? model.snooze(entry.local) : model.stop(entry.local))
    }

    /// A snooze: another's ring stops here and is snoozed at its origin (a snooze here would ring
    /// a copy of it again, unasked); the rest snooze as always.
    package func snooze(_ id: String?) -> CommandResult {
        let guests = model.ringing.map(\.alarm).filter { household.rings.isGuest($0.name) && (id == nil || $0.name == id || $0.id == id) }
        guard !guests.isEmpty else { return CommandResult(model.snooze(id)) }
        for alarm in guests {
            household.rings.endAsSnooze(alarm.name)
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
