import AlarmCore

/// The household's rings in this `run`'s schedule (`HouseholdLink` decides).
extension AlarmDaemon {
    package func followHousehold(_ event: DaemonEvent) {
        for said in household.follow(event, ringing: model.ringing, now: clock.now().seconds) { self.event(said) }
    }

    /// Says what the household's decision made, then gives its reply.
    package func applied(_ decision: (reply: CommandResult, said: DaemonEvent?)) -> CommandResult {
        if let said = decision.said { event(said) }
        return decision.reply
    }
}
