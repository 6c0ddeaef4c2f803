import AlarmCore

/// Sound files (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF) from the sound folders, decoded with
/// libsndfile. A file that cannot be opened is still listed, as broken with libsndfile's reason,
/// so a user sees why their file is not offered; it never hides the others.
public struct FileProvider: SoundProvider {
    public let id = "file"
    public let folders: [String]

    package static let extensions: Set<String> = ["wav", "wave", "flac", "ogg", "oga", "opus", "mp3", "aif", "aiff", "au"]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// Sorted by name. When two folders hold the same name, the later folder wins, so a user's
    /// `maple-leaf-rag.ogg` replaces the shipped one rather than sitting beside it.
    public func sounds() -> [Sound] {
        var byKey: [String: Sound] = [:]
        for folder in folders {
            for file in FileSystem.contents(of: folder) ?? [] {
                guard let (key, fileExtension) = Self.split(file), Self.extensions.contains(fileExtension) else {
                    continue
                }
                byKey[key] = describe(path: folder + "/" + file, key: key)
            }
        }
        return byKey.keys.sorted().compactMap { byKey[$0] }
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        guard let path = sound.details.path else {
            throw SoundError.noSuchName(sound.name, suggestion: nil)
        }
        do {
            let reader = try SoundFileReader(path: path)
            return DecodedClip(reader) ?? reader
        } catch {
            throw SoundError.broken(name: sound.name, reason: error.reason)
        }
    }

    private func describe(path: String, key: String) -> Sound {
        do {
            let reader = try SoundFileReader(path: path)
            let details = SoundDetails(
                path: path, durationSeconds: reader.durationSeconds,
                sampleRate: reader.format.sampleRate, channels: reader.format.channels)
            return Sound(provider: id, key: key, title: reader.title ?? Self.title(fromKey: key), details: details)
        } catch {
            return Sound(
                provider: id, key: key, title: Self.title(fromKey: key),
                details: SoundDetails(path: path, brokenReason: error.reason))
        }
    }

    /// `Maple Leaf Rag.FLAC` → (`maple-leaf-rag`, `flac`): names that are easy to type.
    package static func split(_ file: String) -> (key: String, fileExtension: String)? {
        guard !file.hasPrefix("."), let dot = file.lastIndex(of: "."), dot != file.startIndex else { return nil }
        let stem = file[..<dot].lowercased()
        var key = ""
        for character in stem {
            if character.isLetter || character.isNumber {
                key.append(character)
            } else if !key.isEmpty, key.last != "-" {
                key.append("-")
            }
        }
        while key.last == "-" { key.removeLast() }
        guard !key.isEmpty else { return nil }
        return (key, String(file[file.index(after: dot)...]).lowercased())
    }

    package static func title(fromKey key: String) -> String {
        key.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
