import AlarmCore

/// Nine sounds from two providers, standing in for the real tones and files.
package struct FakeSoundProvider: SoundProvider {
    package let id: String
    package let keys: [String]

    package func sounds() -> [Sound] {
        keys.map { Sound(provider: id, key: $0, title: $0) }
    }

    package func open(_ sound: Sound) throws -> any AudioSource {
        throw SoundError.noSuchName(sound.name, suggestion: nil)
    }
}

extension SoundRegistry {
    package static let fake = SoundRegistry(providers: [
        FakeSoundProvider(id: "tone", keys: ["classic", "beep", "chime", "digital", "bell"]),
        FakeSoundProvider(id: "file", keys: ["maple-leaf-rag", "birds", "radio", "gong"]),
    ])
}
