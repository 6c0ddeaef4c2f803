import AlarmCore

/// The spoken time: `speak:time` says the alarm's label and the time and date in words,
/// `speak:label` only the label, synthesised in-process (libespeak-ng) when the ring opens it,
/// then a pause, so that looping repeats the sentence like a person would.
public struct SpeakProvider: SoundProvider {
    public let id = "speak"
    package static let pauseSeconds = 1.5

    public init() {}

    public func sounds() -> [Sound] {
        let details = SoundDetails(summary: "speech, espeak-ng")
        return [
            Sound(provider: id, key: "time", title: "Spoken time", details: details),
            Sound(provider: id, key: "label", title: "Spoken label", details: details),
        ]
    }

    public func open(_ sound: Sound) throws -> any AudioSource {
        try open(sound, context: RingContext())
    }

    public func open(_ sound: Sound, context: RingContext) throws -> any AudioSource {
        let local = LocalTimeZone.current.localTime(at: context.scheduled ?? SystemClock().now().seconds)
        let voice = context.voice ?? Self.voice(fromLanguage: Environment.current()["LANG"])
        let text = sound.key == "time"
            ? SpokenTime.sentence(label: context.label, at: local, voice: voice)
            : SpokenTime.spokenLabel(context.label) ?? "Alarm."
        do {
            let (samples, rate) = try SpeechSynthesizer.speak(text, voice: voice)
            let pause = [Float](repeating: 0, count: Int(Self.pauseSeconds * Double(rate)))
            return SampleBufferSource(format: AudioFormat(sampleRate: rate, channels: 1), samples: samples.map { Float($0) * (1 / 32768) } + pause)
        } catch {
            throw SoundError.broken(name: sound.name, reason: error.description)
        }
    }

    /// `de_DE.UTF-8` → `de`; `C`, `POSIX` or nothing → `en`.
    package static func voice(fromLanguage language: String?) -> String {
        guard let language, let code = language.split(separator: "_").first.map({ String($0.prefix { $0.isLetter }) }),
              code.count >= 2, code != "C", code != "POSIX"
        else { return "en" }
        return code.lowercased()
    }
}
