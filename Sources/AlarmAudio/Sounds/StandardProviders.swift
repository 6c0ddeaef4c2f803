import AlarmCore

extension SoundRegistry {
    /// The providers alarmplay ships with, in the order their sounds are numbered.
    /// A new provider is one more line here.
    public static func standard(folders: SoundFolders) -> SoundRegistry {
        // One look for ffmpeg, for stations and playlists alike.
        let streams = StreamProvider(folders: folders.paths)
        return SoundRegistry(providers: [
            ToneProvider(),
            FileProvider(folders: folders.paths),
            streams,
            SpeakProvider(),
            FolderProvider(folders: folders.paths),
            PlaylistProvider(folders: folders.paths, streams: streams),
        ], voices: { SpeechSynthesizer.voices() })
    }
}
