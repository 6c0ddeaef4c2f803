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
    /// The same, telling `failed` why a part of it was left out and the sound went on without
    /// it (a playlist's entry), so a ring can say so.
    func open(_ sound: Sound, context: RingContext, failed: @escaping @Sendable (String) -> Void) throws -> any AudioSource
    /// What the sound plays for the ring `context` names, when it is one of several (a folder's
    /// file): the ring's lines and the check before it name it. Nil for a sound that is one.
    func pick(_ sound: Sound, context: RingContext) -> String?
}
