import AlarmCore

/// Internet radio: station files (`.m3u`, `.m3u8`, `.pls`, `.url`) in the sound folders, each a
/// `stream:<file name>`, decoded by an `ffmpeg` child. Listing reads only the files, never the
/// network; without ffmpeg the stations are listed as broken with how to get it.
public struct StreamProvider: SoundProvider {
    public let id = "stream"
    public let folders: [String]
    /// ffmpeg's path, nil when it is not installed.
    public let ffmpeg: String?

    public init(folders: [String], ffmpeg: String? = FileSystem.executable("ffmpeg", path: Environment.current()["PATH"])) {
        self.folders = folders
        self.ffmpeg = ffmpeg
    }

    public func sounds() -> [Sound] {
        var byKey: [String: Sound] = [:]
        for folder in folders {
            for file in FileSystem.contents(of: folder) ?? [] {
                guard let (key, fileExtension) = FileProvider.split(file), StationFile.extensions.contains(fileExtension) else { continue }
                // A playlist of sound files is a playlist (`playlist:`), not a station.
                if PlaylistFile.extensions.contains(fileExtension), let text = PlaylistFile.head(of: folder + "/" + file),
                   case .file? = PlaylistFile.entries(text, fileExtension: fileExtension, folder: folder).first { continue }
                byKey[key] = describe(path: folder + "/" + file, key: key, fileExtension: fileExtension)
            }
        }
        return byKey.keys.sorted().compactMap { byKey[$0] }
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        guard let ffmpeg else { throw SoundError.broken(name: sound.name, reason: Self.needsFFmpeg) }
        guard let url = sound.details.url else { throw SoundError.noSuchName(sound.name, suggestion: nil) }
        do {
            return try StreamSource(url: url, ffmpeg: ffmpeg)
        } catch {
            throw SoundError.broken(name: sound.name, reason: error.description)
        }
    }

    package static let needsFFmpeg = "needs ffmpeg (sudo apt install ffmpeg)"

    private func describe(path: String, key: String, fileExtension: String) -> Sound {
        let title = FileProvider.title(fromKey: key)
        // A station is its first stream: the start of a huge list says it.
        guard let text = PlaylistFile.head(of: path) else {
            return Sound(provider: id, key: key, title: title, details: SoundDetails(path: path, brokenReason: FileSystem.lastErrorDescription()))
        }
        switch StationFile.parse(text, fileExtension: fileExtension) {
        case let .success(station):
            var details = SoundDetails(path: path, brokenReason: ffmpeg == nil ? Self.needsFFmpeg : nil)
            details.url = station.url
            details.summary = "stream, \(station.host)"
            // Connecting and buffering must never make the alarm late.
            details.openAheadSeconds = 15
            return Sound(provider: id, key: key, title: station.title ?? title, details: details)
        case let .failure(error):
            return Sound(provider: id, key: key, title: title, details: SoundDetails(path: path, brokenReason: error.reason))
        }
    }
}
