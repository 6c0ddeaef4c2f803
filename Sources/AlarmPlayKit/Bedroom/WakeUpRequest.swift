/// The part of a ring's request that plays before it: the wake-up sound from the phase's start
/// to the ring (`WakeUpSource`). The ringer opened ahead for the ring then starts at the phase's
/// start instead of the ring's second, and the ring itself keeps every fallback it has.
public struct WakeUpRequest: Sendable, Equatable {
    public var sound: SoundReference
    public var start: Instant
    public var ring: Instant
    /// The ring's own fade-in and length after its second, as they were before the phase was put
    /// in front of it: what the ring falls back to when the wake-up sound cannot play.
    public var fadeInSeconds: Double
    public var ringForSeconds: Double?

    /// `request` as the ring alone: it starts at its second, fades in, and rings its own length.
    func withoutPhase(_ request: RingRequest) -> RingRequest {
        var alone = request
        alone.wakeUp = nil
        alone.startAt = ring
        alone.fadeInSeconds = fadeInSeconds
        alone.ringForSeconds = ringForSeconds
        return alone
    }
}

extension WakeUpPhase {
    /// The ring's request with this phase's sound in front of it, from its start or `now` if
    /// later. The alarm's sound then starts at full level: the phase was its fade-in.
    func leading(_ request: RingRequest, now: Instant) -> RingRequest {
        guard let sound = alarm.settings.wakeUpSound else { return request }
        var leading = request
        leading.wakeUp = WakeUpRequest(
            sound: sound, start: Instant(seconds: start), ring: Instant(seconds: ring), fadeInSeconds: request.fadeInSeconds,
            ringForSeconds: request.ringForSeconds)
        let begins = max(Double(start), now.exactSeconds)
        leading.startAt = Instant(seconds: start)
        leading.fadeInSeconds = 0
        leading.ringForSeconds = request.ringForSeconds.map { $0 + Double(ring) - begins }
        return leading
    }
}

extension Ringer {
    /// Opens the wake-up sound of `request`, if it has one. One that cannot be opened is said
    /// (`wakeUpFailed`) and the ring goes on alone, at its second, as if it had none.
    func openWakeUp(_ request: RingRequest, registry: SoundRegistry, events: @escaping @Sendable (RingEvent) -> Void)
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
    func leadingWakeUp(_ source: any AudioSource, sound: (any AudioSource)?, request: RingRequest,
                       events: @escaping @Sendable (RingEvent) -> Void) -> any AudioSource {
        guard let sound, let wakeUp = request.wakeUp else { return source }
        return WakeUpSource(wake: sound, then: source, phase: wakeUp, now: { SystemClock().now().exactSeconds },
                            failed: { events(.wakeUpFailed(reason: $0)) })
    }
}

extension Instant {
    /// Seconds with their fraction, for counting frames between instants.
    var exactSeconds: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
}
