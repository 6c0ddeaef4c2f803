import AlarmCore

/// Playlists: `playlist:NAME.m3u` (or `.m3u8`, `.pls`) is that file in a sound folder, its
/// entries (sound files and stream URLs alike) played in order, again from the first after the
/// last. An entry that cannot play is left out and said; the others play on (`PlaylistSource`).
public struct PlaylistProvider: SoundProvider {
    public let id = "playlist"
    public let folders: [String]
    private let files: FileProvider
    private let streams: StreamProvider

    /// `streams` opens the stream entries (the registry's own station provider, with its ffmpeg).
    public init(folders: [String], streams: StreamProvider) {
        self.folders = folders
        files = FileProvider(folders: [])
        self.streams = streams
    }

    /// Every playlist file with an entry, by its file name; a later folder's replaces an earlier's.
    public func sounds() -> [Sound] {
        var byKey: [String: Sound] = [:]
        for folder in folders {
            for file in FileSystem.contents(of: folder) ?? [] {
                guard let (stem, fileExtension) = FileProvider.split(file), PlaylistFile.extensions.contains(fileExtension) else { continue }
                let key = stem + "." + fileExtension
                let entries = Self.entries(path: folder + "/" + file)
                guard !entries.isEmpty else { continue }
                var details = SoundDetails(path: folder + "/" + file, summary: "playlist, \(entries.count) entries")
                if entries.contains(where: { if case .stream = $0 { return true } else { return false } }) {
                    // A stream among them connects and buffers before the ring, as a station does.
                    details.openAheadSeconds = 15
                    if streams.ffmpeg == nil, entries.allSatisfy({ if case .stream = $0 { return true } else { return false } }) {
                        details.brokenReason = StreamProvider.needsFFmpeg
                    }
                }
                byKey[key] = Sound(provider: id, key: key, title: FileProvider.title(fromKey: stem), details: details)
            }
        }
        return byKey.keys.sorted().compactMap { byKey[$0] }
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        try open(sound, context: RingContext(), failed: { _ in })
    }

    public func open(_ sound: Sound, context: RingContext, failed: @escaping @Sendable (String) -> Void) throws -> any AudioSource {
        guard let path = sound.details.path else { throw SoundError.noSuchName(sound.name, suggestion: nil) }
        let entries = Self.entries(path: path)
        let openers = entries.map { entry -> () throws -> any AudioSource in
            switch entry {
            case let .file(file):
                return { [files] in
                    try files.open(Sound(provider: "file", key: FileSystem.basename(file), title: FileSystem.basename(file), details: SoundDetails(path: file)))
                }
            case let .stream(url):
                var details = SoundDetails()
                details.url = url
                return { [streams] in try streams.open(Sound(provider: "stream", key: StationFile.host(of: url) ?? url, title: url, details: details)) }
            }
        }
        guard !openers.isEmpty else { throw SoundError.broken(name: sound.name, reason: "the playlist has no entry") }
        return try PlaylistSource(name: sound.name, openers, failed: failed)
    }

    private static func entries(path: String) -> [PlaylistFile.Entry] {
        guard let text = PlaylistFile.head(of: path), let (_, fileExtension) = FileProvider.split(FileSystem.basename(path)) else { return [] }
        return PlaylistFile.entries(text, fileExtension: fileExtension, folder: FileSystem.parent(of: path))
    }
}
