/// What to ring and how.
public struct RingRequest: Sendable, Equatable {
    public var sound: SoundReference
    /// More sounds to play after `sound`, the last one looping (a sequence).
    public var laterSounds: [SoundReference] = []
    public var volume: Double
    public var fadeInSeconds: Double
    /// Auto-silence after this long; nil rings until stopped.
    public var ringForSeconds: Double?
    /// The devices to try, in order (`DeviceFallback`).
    public var devices: [String]
    /// When to start sounding (CLOCK_REALTIME). The ringer opens the sound and the device
    /// ahead and waits for this instant, so the first sample goes out on the second instead of
    /// after a sound server connection; nil starts at once.
    public var startAt: Instant?
    /// What plays when the sound cannot (a stream that is down); nil: the built-in tone.
    public var fallbackSound: SoundReference?
    /// The ring, for sounds that say something about it (`speak:time`).
    public var context: RingContext
    /// A wake-up sound played before the ring, on the same device stream (`WakeUpRequest`).
    public var wakeUp: WakeUpRequest?
    /// Seconds of fade-out before `ringForSeconds` is over (a sleep timer's); 0: none.
    public var fadeOutSeconds: Double = 0

    public init(
        sound: SoundReference, volume: Double, fadeInSeconds: Double, ringForSeconds: Double?, devices: [String],
        startAt: Instant? = nil, fallbackSound: SoundReference? = nil, context: RingContext = RingContext()
    ) {
        self.context = context
        self.sound = sound
        self.volume = volume
        self.fadeInSeconds = fadeInSeconds
        self.ringForSeconds = ringForSeconds
        self.devices = devices
        self.startAt = startAt
        self.fallbackSound = fallbackSound
    }
}
