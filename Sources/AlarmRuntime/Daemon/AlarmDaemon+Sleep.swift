import AlarmCore

/// The sleep timer: a sound played as the ring engine's preview, so that everything that lets an
/// alarm win over a preview (refused while one rings or is about to, cut when one opens ahead or
/// fires, the device handed over) holds for it too; it ends by itself when its ringer's time is up.
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
        let now = clock.now()
        let (request, timer) = asked.plan(sounds: entries.map(\.sound.name), now: now, devices: configuration.devices)
        // The one it replaces (a preview, a sleep timer) lets go of the device first.
        let previous = engine.preview
        endPreview(reason: SleepEnd.replaced.rawValue)
        guard engine.startPreview(request, id: "sleep", after: previous) else {
            return .refused(Refusal(.conflict, "an alarm is about to ring; it wins over a sleep timer"))
        }
        sleepTimer = timer
        event(.sleepStarted(sound: timer.sound, seconds: asked.seconds, fadeSeconds: timer.fadeSeconds, endsAt: timer.endsAt))
        return .value(.sleep(timer, now: now.seconds))
    }

    /// What the end of the engine's preview says: `sleep_ended` when it was a sleep timer's sound.
    package func previewEnded(reason: String) {
        guard sleepTimer != nil else { return event(.previewEnded(reason: reason)) }
        sleepTimer = nil
        event(.sleepEnded(reason: SleepEnd(previewReason: reason)))
    }
}
