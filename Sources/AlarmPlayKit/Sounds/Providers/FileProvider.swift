/// Sound files (WAV, FLAC, Ogg Vorbis, Opus, MP3) from the sound folders, read with libsndfile.
public struct FileProvider: SoundProvider {
    public let id = "file"
    public let folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    public func sounds() -> [Sound] {
        []
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        throw SoundError.noSuchName(sound.name, suggestion: nil)
    }
}
