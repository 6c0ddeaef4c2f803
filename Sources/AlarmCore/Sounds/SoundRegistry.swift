/// A sound with its place in the flat list that `alarmplay sounds` shows.
public struct SoundEntry: Sendable, Equatable {
    public var index: Int
    public var sound: Sound
}

/// All sounds of all providers, numbered. Providers keep their registration order, so the
/// built-in tones (registered first) keep their indices whatever files users add later.
public struct SoundRegistry: Sendable {
    public let providers: [any SoundProvider]
    public let entries: [SoundEntry]
    /// The speech voices installed, for checking a `voice` the file names; nil: not checked.
    public let voices: (@Sendable () -> [String])?

    public init(providers: [any SoundProvider], voices: (@Sendable () -> [String])? = nil) {
        self.providers = providers
        self.voices = voices
        var entries: [SoundEntry] = []
        for provider in providers {
            for sound in provider.sounds() {
                entries.append(SoundEntry(index: entries.count, sound: sound))
            }
        }
        self.entries = entries
    }

    public var count: Int { entries.count }

    /// Finds a sound by index or by name. A name without a provider prefix (`beep`) matches
    /// when exactly one provider has that key, which is what people type.
    public func resolve(_ reference: SoundReference) throws(SoundError) -> SoundEntry {
        switch reference {
        case let .index(index):
            guard entries.indices.contains(index) else {
                throw .noSuchIndex(index, count: entries.count)
            }
            return entries[index]
        case let .name(name):
            let wanted = name.lowercased()
            if let entry = entries.first(where: { $0.sound.name.lowercased() == wanted }) {
                return entry
            }
            let byKey = entries.filter { $0.sound.key.lowercased() == wanted }
            if byKey.count == 1 { return byKey[0] }
            let suggestion = Suggestion.closest(to: name, in: entries.map(\.sound.name))
            throw .noSuchName(name, suggestion: suggestion)
        }
    }

    /// The file `reference` plays for the ring `context` names, when it is one of several.
    public func pick(_ reference: SoundReference, context: RingContext) -> String? {
        guard let entry = try? resolve(reference) else { return nil }
        return providers.first { $0.id == entry.sound.provider }?.pick(entry.sound, context: context)
    }

    /// Opens the sound's stream through the provider that listed it.
    public func open(
        _ entry: SoundEntry, context: RingContext = RingContext(), failed: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> any AudioSource {
        if let reason = entry.sound.details.brokenReason {
            throw SoundError.broken(name: entry.sound.name, reason: reason)
        }
        guard let provider = providers.first(where: { $0.id == entry.sound.provider }) else {
            throw SoundError.noSuchName(entry.sound.name, suggestion: nil)
        }
        return try provider.open(entry.sound, context: context, failed: failed)
    }
}
