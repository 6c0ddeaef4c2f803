/// How to play a sound: loudness, crescendo, and for how long.
public struct PlaybackOptions: Sendable, Equatable {
    /// Software gain, 0.0...1.0.
    public var volume: Double
    /// Seconds of fade-in from -40 dB to `volume`; 0 starts at full volume.
    public var fadeInSeconds: Double
    /// Loop the sound seamlessly instead of playing it once.
    public var loop: Bool
    /// Stop after this many seconds (a looped preview, an alarm's `ringFor`).
    public var limitSeconds: Double?
    /// How far into the fade-in this playback starts: a ring that switches to its fallback sound
    /// goes on rising from where it was, never restarting (or jumping to full volume).
    public var fadeElapsedSeconds: Double
    /// Seconds of fade-out (`FadeOut`) before the end of `limitSeconds`: a sleep timer's.
    public var fadeOutSeconds: Double = 0

    public init(
        volume: Double = 1, fadeInSeconds: Double = 0, loop: Bool = false, limitSeconds: Double? = nil, fadeElapsedSeconds: Double = 0,
        fadeOutSeconds: Double = 0
    ) {
        self.fadeOutSeconds = fadeOutSeconds
        self.volume = volume
        self.fadeInSeconds = fadeInSeconds
        self.loop = loop
        self.limitSeconds = limitSeconds
        self.fadeElapsedSeconds = fadeElapsedSeconds
    }
}

/// How a playback ended.
public enum PlaybackOutcome: Sendable, Equatable {
    /// The sound (or its time limit) ran out.
    case finished
    /// Someone asked it to stop.
    case stopped
}
