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
    package func withoutPhase(_ request: RingRequest) -> RingRequest {
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
    package func leading(_ request: RingRequest, now: Instant) -> RingRequest {
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

extension Instant {
    /// Seconds with their fraction, for counting frames between instants.
    package var exactSeconds: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
}
