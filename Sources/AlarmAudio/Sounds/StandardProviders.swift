import AlarmCore

extension SoundRegistry {
    /// The providers alarmplay ships with, in the order their sounds are numbered.
    /// A new provider is one more line here.
    public static func standard(folders: SoundFolders) -> SoundRegistry {
        SoundRegistry(providers: [
            ToneProvider(),
            FileProvider(folders: folders.paths),
            StreamProvider(folders: folders.paths),
            SpeakProvider(),
            FolderProvider(folders: folders.paths),
            PlaylistProvider(folders: folders.paths),
        ], voices: { SpeechSynthesizer.voices() })
    }
}
