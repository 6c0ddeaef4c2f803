/// A source of sounds. A provider lists what it has and opens one of them as a stream.
/// Adding a provider means writing one conforming type and adding it to
/// `SoundRegistry.standard(folders:)`.
public protocol SoundProvider: Sendable {
    /// Prefix of the stable names of this provider's sounds (`tone` in `tone:beep`).
    var id: String { get }
    /// Every sound this provider has, in the order `alarmplay sounds` should show them.
    func sounds() -> [Sound]
    /// Opens a sound this provider listed. Throws a `SoundError` when it cannot be played.
    func open(_ sound: Sound) throws -> any AudioSource
    /// The same for a ring, whose label and time a provider may use (see `RingContext`).
    func open(_ sound: Sound, context: RingContext) throws -> any AudioSource
}
