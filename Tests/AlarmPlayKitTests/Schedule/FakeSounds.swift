import AlarmPlayKit

/// Nine sounds from two providers, standing in for the real tones and files.
struct FakeSoundProvider: SoundProvider {
    let id: String
    let keys: [String]

    func sounds() -> [Sound] {
        keys.map { Sound(provider: id, key: $0, title: $0) }
    }

    func open(_ sound: Sound) throws -> any AudioSource {
        throw SoundError.noSuchName(sound.name, suggestion: nil)
    }
}

extension SoundRegistry {
    static let fake = SoundRegistry(providers: [
        FakeSoundProvider(id: "tone", keys: ["classic", "beep", "chime", "digital", "bell"]),
        FakeSoundProvider(id: "file", keys: ["maple-leaf-rag", "birds", "radio", "gong"]),
    ])
}
