import AlarmCore
import AlarmAudio

/// The ringer's side of a wake-up phase: the wake-up sound opened once for the playback, and put in
/// front of the alarm's source each time one is made (a device that fell over opens a new one).
extension Ringer {
    /// Opens the wake-up sound of `request`, if it has one. One that cannot be opened is said
    /// (`wakeUpFailed`) and the ring goes on alone, at its second, as if it had none.
    package func openWakeUp(_ request: RingRequest, registry: SoundRegistry, events: @escaping @Sendable (RingEvent) -> Void)
        -> (request: RingRequest, sound: (any AudioSource)?) {
        guard let wakeUp = request.wakeUp else { return (request, nil) }
        do {
            return (request, try registry.open(registry.resolve(wakeUp.sound), context: request.context))
        } catch {
            events(.wakeUpFailed(reason: PlaybackFailure(error).description + "; the wake-up goes on in silence"))
            return (wakeUp.withoutPhase(request), nil)
        }
    }

    /// The alarm's `source` behind the wake-up sound, when there is one.
    package func leadingWakeUp(_ source: any AudioSource, sound: (any AudioSource)?, request: RingRequest,
                       events: @escaping @Sendable (RingEvent) -> Void) -> any AudioSource {
        guard let sound, let wakeUp = request.wakeUp else { return source }
        return WakeUpSource(wake: sound, then: source, phase: wakeUp, now: { SystemClock().now().exactSeconds },
                            failed: { events(.wakeUpFailed(reason: $0)) })
    }
}
