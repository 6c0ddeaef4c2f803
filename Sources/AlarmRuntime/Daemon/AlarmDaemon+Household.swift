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

    /// Another member's clock, compared with this one on receipt.
    package func compareClock(_ reading: HouseholdClockReading) -> CommandResult {
        if let said = household.clocks.compare(reading, now: clock.now().seconds, synchronised: seams.synchronised()) { event(said) }
        return .done(Phrase("compared with {member}'s clock", ["member": reading.member]))
    }
}
