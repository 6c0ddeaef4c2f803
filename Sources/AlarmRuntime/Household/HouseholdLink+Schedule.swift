import AlarmCore

/// The household's rings applied to this `run`'s schedule: another's ring joins it as a timer, a
/// member's stop or snooze ends the part here, and a snooze here of another's ring stops it here.
/// Each returns the event it makes, which the daemon says before the schedule's own.
extension HouseholdLink {
    /// Another's ring, rung at `at` (the next second: `evaluate` has handled this one).
    mutating package func ring(_ ring: HouseholdRing, into model: inout ScheduleModel, defaults: AlarmSettings,
                               at: Int) -> (reply: CommandResult, said: DaemonEvent?) {
        let (alarm, reply) = receive(ring, defaults: defaults, position: model.nextPosition, at: at)
        guard let alarm else { return (reply, nil) }
        model.timers.append(RunningTimer(alarm: alarm, at: at, isHouseholdCopy: true))
        return (reply, .householdRing(id: alarm.name, ring))
    }

    /// Another member ended the ring: the origin stops or snoozes its alarm, the others drop their
    /// copy (stopped if it rings, gone if its second has not come yet). Forgotten first, so the
    /// stop that follows is not sent back to the household.
    mutating package func ended(_ ring: String, by: String, snoozed: Bool,
                                in model: inout ScheduleModel) -> (reply: CommandResult, said: DaemonEvent?) {
        guard let entry = rings.remove(ring: ring) else { return (.refused(Refusal(.notFound, "no household ring \(ring) here")), nil) }
        let said = DaemonEvent.householdStop(id: entry.local, ring: ring, by: by, snoozed: snoozed)
        guard entry.mine else {
            let cancelled = (try? model.dropCopy(entry.local).get()) != nil
            return (.done(cancelled ? Phrase("stopped {ids}", ["ids": entry.local]) : Phrase("{id} was over", ["id": entry.local])), said)
        }
        return (CommandResult(snoozed ? model.snooze(entry.local) : model.stop(entry.local)), said)
    }

    /// A snooze: another's ring stops here and is snoozed at its origin (a snooze here would ring
    /// a copy of it again, unasked); the rest snooze as always.
    mutating package func snooze(_ id: String?, in model: inout ScheduleModel) -> CommandResult {
        let guests = model.ringing.map(\.alarm).filter { rings.isGuest($0.name) && (id == nil || $0.name == id || $0.id == id) }
        guard !guests.isEmpty else { return CommandResult(model.snooze(id)) }
        for alarm in guests {
            rings.endAsSnooze(alarm.name)
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
