import AlarmCore

/// Alarm sounds generated sample by sample, always available: the sound of last resort.
public struct ToneProvider: SoundProvider {
    public let id = "tone"
    /// In the order they are numbered; `Tone.builtIn` unless a test supplies others.
    public let tones: [Tone]

    public init(tones: [Tone] = Tone.builtIn) {
        self.tones = tones
    }

    public func sounds() -> [Sound] {
        tones.map { tone in
            var sound = Sound(
                provider: id, key: tone.key, title: tone.title,
                details: SoundDetails(durationSeconds: tone.cycleSeconds, sampleRate: Tone.sampleRate, channels: 1))
            sound.titleIsOurs = true
            return sound
        }
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        guard let tone = tones.first(where: { $0.key == sound.key }) else {
            throw SoundError.noSuchName(sound.name, suggestion: Suggestion.closest(to: sound.name, in: sounds().map(\.name)))
        }
        return Self.source(for: tone)
    }

    /// The default alarm sound, opened without any way to fail: what plays when the chosen
    /// sound cannot.
    public static func fallback() -> SampleBufferSource {
        source(for: .classic)
    }

    /// The name of what `fallback()` plays, for a ring told to use it ahead (`PreflightSubstitution`).
    public static let fallbackReference = SoundReference.name("tone:\(Tone.classic.key)")

    /// 10 ms of soft start: inaudible as a fade, enough that no tone begins with a click.
    package static let softStartSeconds = 0.01

    private static func source(for tone: Tone) -> SampleBufferSource {
        SampleBufferSource(format: AudioFormat(sampleRate: Tone.sampleRate, channels: 1), samples: tone.render(),
                           softStartFrames: Int(Double(Tone.sampleRate) * softStartSeconds))
    }
}
