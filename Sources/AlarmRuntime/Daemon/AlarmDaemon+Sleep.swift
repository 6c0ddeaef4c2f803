import AlarmCore

/// The sleep timer's request, its sounds resolved; `Previews` plays it as the engine's preview.
extension AlarmDaemon {
    package func startSleep(_ asked: SleepRequest) -> CommandResult {
        if let problem = asked.problem { return .refused(Refusal(field: problem.field, problem.message)) }
        guard model.ringing.isEmpty, !engine.isOpen else {
            return .refused(Refusal(.conflict, "an alarm is ringing or about to ring; it wins over a sleep timer"))
        }
        var entries: [SoundEntry] = []
        for name in (asked.sound ?? SleepRequest.defaultSound).split(separator: ",") {
            do {
                entries.append(try source.registry.resolve(SoundReference(parsing: name.trimmingSpaces)))
            } catch {
                return .refused(Refusal(.notFound, error.description))
            }
        }
        return previews.sleep(asked, sounds: entries.map(\.sound.name), now: clock.now(), devices: configuration.devices)
    }
}
