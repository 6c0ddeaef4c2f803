/// What a provider may want to know about the ring it opens a sound for: `speak:time` says the
/// alarm's label and its scheduled time, in its voice. Other providers ignore it.
public struct RingContext: Sendable, Equatable {
    public var label: String?
    /// The ring's instant (epoch seconds); nil: now (a preview).
    public var scheduled: Int?
    /// The `voice` setting, nil: from `LANG`, else English.
    public var voice: String?

    public init(label: String? = nil, scheduled: Int? = nil, voice: String? = nil) {
        self.label = label
        self.scheduled = scheduled
        self.voice = voice
    }
}

extension SoundProvider {
    /// Most providers need no context.
    public func open(_ sound: Sound, context: RingContext) throws -> any AudioSource {
        try open(sound)
    }

    public func pick(_ sound: Sound, context: RingContext) -> String? { nil }

    /// Most sounds have no parts to leave out.
    public func open(_ sound: Sound, context: RingContext, failed: @escaping @Sendable (String) -> Void) throws -> any AudioSource {
        try open(sound, context: context)
    }
}
