import AlarmCore
import AlarmAudio
#if canImport(Glibc)
import Glibc
#endif

/// Sounds uploaded from the faces, into the user's sound folder.
extension AlarmDaemon {
    /// Keeps an uploaded file only if libsndfile can play it; the name is the file's own, without
    /// folders, so nothing lands outside the user's sound folder. Received into a file beside it
    /// (up to 50 MiB, never in memory), checked off the loop, then taken into the sounds on it.
    package func addSound(_ name: String, _ file: String, _ reply: @escaping (CommandResult) -> Void) {
        if let refusal = SoundUpload.refusal(name: name, file: file) { return reply(.refused(refusal)) }
        let folder = configuration.userSounds
        let path = folder + "/" + name
        // Compared as the sounds see it: `ok.WAV` beside `ok.wav` names the same sound.
        if let existing = (FileSystem.contents(of: folder) ?? []).first(where: { $0.lowercased() == name.lowercased() }) {
            return reply(.refused(Refusal(.conflict, "\(existing) already exists in \(folder)")))
        }
        worker.perform({ try SoundUpload.keepIfPlayable(file, as: path) }, then: { [unowned self] outcome in
            if case let .failure(refusal as Refusal) = outcome { return reply(.refused(refusal)) }
            source.registry = .standard(folders: configuration.soundFolders)
            guard let entry = source.registry.entries.first(where: { $0.sound.details.path == path }) else {
                // Nothing is left behind that the sounds cannot name.
                unlink(path)
                return reply(.refused(Refusal(.conflict, "\(name) names the same sound as a file already there")))
            }
            event(.soundAdded(sound: entry.sound.name, path: path))
            reply(.value(.sound(entry)))
        })
    }
}
