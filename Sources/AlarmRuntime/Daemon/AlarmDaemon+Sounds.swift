import AlarmCore

/// Sounds uploaded from the faces, into the user's sound folder.
extension AlarmDaemon {
    /// Received into a file beside the folder (up to 50 MiB, never in memory), kept and scanned
    /// off the loop (`SoundUpload.add`); the sounds in force change on the loop.
    package func addSound(_ name: String, _ file: String, _ reply: @escaping (CommandResult) -> Void) {
        if let refusal = SoundUpload.refusal(name: name, file: file) { return reply(.refused(refusal)) }
        let (folder, folders) = (configuration.userSounds, configuration.soundFolders)
        worker.perform({ try SoundUpload.add(file, as: name, into: folder, folders: folders) }, then: { [unowned self] outcome in
            switch outcome {
            case let .success((sounds, entry)):
                source.registry = sounds
                event(.soundAdded(sound: entry.sound.name, path: folder + "/" + name))
                reply(.value(.sound(entry)))
            case let .failure(error): reply(.refused(error as? Refusal ?? Refusal(.failed, "\(name): \(error)")))
            }
        })
    }
}
