import AlarmCore

/// Sounds uploaded from the faces, into the user's sound folder.
extension AlarmDaemon {
    /// Received into a file in the folder (up to 50 MiB, never in memory), kept and scanned off
    /// the loop (`SoundUpload.add`); the sounds in force change on the loop, unless a newer scan's are.
    package func addSound(_ name: String, _ file: String, _ reply: @escaping (CommandResult) -> Void) {
        if let refusal = SoundUpload.refusal(name: name, file: file) { return reply(.refused(refusal)) }
        let (folder, scans) = (configuration.userSounds, source.scans)
        worker.perform({ try SoundUpload.add(file, as: name, into: folder, scans: scans) }, then: { [unowned self] outcome in
            switch outcome {
            case let .success((scanned, entry)):
                source.take(scanned)
                event(.soundAdded(sound: entry.sound.name, path: folder + "/" + name))
                reply(.value(.sound(entry)))
            case let .failure(error as WorkRefused): reply(.refused(Refusal(.busy, error.description)))
            case let .failure(error): reply(.refused(error as? Refusal ?? Refusal(.failed, "\(name): \(error)")))
            }
        })
    }
}
