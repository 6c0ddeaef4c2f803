import AlarmCore

/// A different sound each morning: `folder:NAME` is the folder NAME under a sound folder, and each
/// day's ring plays one of its files. The files are shuffled anew for each round through them, so
/// none plays twice before all have played; the order comes from the round and the folder's name
/// alone, so the check before the ring, the ring and a `run` started again all pick the same file,
/// with nothing to remember.
public struct FolderProvider: SoundProvider {
    public let id = "folder"
    public let folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// The subfolders holding at least one sound file, by name; a later folder's replaces an earlier's.
    public func sounds() -> [Sound] {
        var byKey: [String: Sound] = [:]
        for folder in folders {
            for name in FileSystem.contents(of: folder) ?? [] where !name.hasPrefix(".") && FileSystem.isDirectory(folder + "/" + name) {
                let path = folder + "/" + name
                let files = Self.files(in: path)
                guard !files.isEmpty else { continue }
                let key = FileProvider.split(name + ".d")?.key ?? name
                var details = SoundDetails(path: path, summary: "folder, \(files.count) sounds")
                details.members = files
                byKey[key] = Sound(provider: id, key: key, title: FileProvider.title(fromKey: key), details: details)
            }
        }
        return byKey.keys.sorted().compactMap { byKey[$0] }
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        try open(sound, context: RingContext())
    }

    public func open(_ sound: Sound, context: RingContext) throws -> any AudioSource {
        guard let folder = sound.details.path, let file = Self.pick(from: sound.details.members, key: sound.key, day: Self.day(of: context.scheduled))
        else {
            throw SoundError.broken(name: sound.name, reason: "the folder holds no sound file")
        }
        do {
            let reader = try SoundFileReader(path: folder + "/" + file)
            return DecodedClip(reader) ?? reader
        } catch {
            throw SoundError.broken(name: sound.name, reason: "\(file): \(error.reason)")
        }
    }

    public func pick(_ sound: Sound, context: RingContext) -> String? {
        Self.pick(from: sound.details.members, key: sound.key, day: Self.day(of: context.scheduled))
    }

    /// The file a ring on `day` (days since 1970, local) plays.
    package static func pick(in folder: String, key: String, day: Int) -> String? {
        pick(from: files(in: folder), key: key, day: day).map { folder + "/" + $0 }
    }

    /// Of `files` (the folder's, sorted), the name a ring on `day` plays.
    private static func pick(from files: [String], key: String, day: Int) -> String? {
        guard !files.isEmpty else { return nil }
        let round = day.dividedRoundingDown(by: files.count)
        return shuffled(files, seed: "\(key)/\(round)")[day - round * files.count]
    }

    private static func files(in folder: String) -> [String] {
        (FileSystem.contents(of: folder) ?? []).filter { FileProvider.split($0).map { FileProvider.extensions.contains($0.fileExtension) } ?? false }.sorted()
    }

    private static func day(of instant: Int?) -> Int {
        LocalTimeZone.current.localTime(at: instant ?? SystemClock().now().seconds).date.dayNumber
    }

    /// A Fisher–Yates shuffle driven by FNV-1a and xorshift from `seed`: the same in every process.
    private static func shuffled(_ items: [String], seed: String) -> [String] {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 { state = (state ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var items = items
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            items.swapAt(index, Int(state % UInt64(index + 1)))
        }
        return items
    }
}
