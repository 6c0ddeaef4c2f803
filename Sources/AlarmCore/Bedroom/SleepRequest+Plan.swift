extension SleepRequest {
    /// What the ring engine plays for it when it starts at `now` (`sounds`: the names it resolved
    /// to, in order), and the timer it makes. Both end on the whole second nearest the asked-for
    /// length, as every ring does.
    package func plan(sounds: [String], now: Instant, devices: [String]) -> (request: RingRequest, timer: SleepTimer) {
        let endsAt = now.seconds + seconds + (now.nanoseconds >= 500_000_000 ? 1 : 0)
        let volume = volume ?? Self.defaultVolume
        var request = RingRequest(sound: .name(sounds[0]), volume: volume, fadeInSeconds: 0,
                                  ringForSeconds: Double(endsAt - now.seconds) - Double(now.nanoseconds) / 1e9, devices: devices)
        request.laterSounds = sounds.dropFirst().map { .name($0) }
        request.fadeOutSeconds = Double(fade)
        let timer = SleepTimer(sound: sounds.joined(separator: ","), volume: volume, startedAt: endsAt - seconds, endsAt: endsAt, fadeSeconds: fade)
        return (request, timer)
    }
}
