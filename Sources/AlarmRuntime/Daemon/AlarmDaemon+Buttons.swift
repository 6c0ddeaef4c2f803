import AlarmCore
import AlarmAudio

/// What a bedside button or knob asks beyond snooze and stop: the volume of what plays, and
/// when the next alarm is, said aloud.
extension AlarmDaemon {
    /// One step of a button or a knob's click: a quarter louder, or back by as much.
    package static let volumeStep = 1.25
    /// How long "the next alarm is ..." may take to say.
    package static let sayNextSeconds = 8.0

    package func changeVolume(louder: Bool) -> CommandResult {
        guard let scale = engine.scaleVolume(by: louder ? Self.volumeStep : 1 / Self.volumeStep) else {
            return .refused(Refusal(.conflict, "nothing is playing"))
        }
        let percent = Int((scale * 100).rounded())
        event(.volumeChanged(percent: percent))
        return .done(Phrase("volume {percent}%", ["percent": String(percent)]))
    }

    /// The next alarm's label and time in words (`speak:time`), as a preview: any alarm ends it.
    package func sayNext() -> CommandResult {
        guard model.ringing.isEmpty, !engine.isOpen, sleepTimer == nil else {
            return .refused(Refusal(.conflict, "something is ringing or playing; it wins over saying the next alarm"))
        }
        guard let next = snapshot().next else { return .refused(Refusal(.conflict, "no alarm rings ahead")) }
        guard !SpeechSynthesizer.voices().isEmpty else {
            return .refused(Refusal(.unavailable, "speech is not installed (espeak-ng) to say the next alarm"))
        }
        var request = RingRequest(sound: .name("speak:time"), volume: next.alarm.settings.volume, fadeInSeconds: 0,
                                  ringForSeconds: Self.sayNextSeconds, devices: devices(for: next.alarm))
        request.context = RingContext(label: "Next alarm: \(next.alarm.label ?? next.alarm.name).", scheduled: next.at, voice: next.alarm.settings.voice)
        endPreview(reason: "replaced")
        guard engine.startPreview(request) else { return .refused(Refusal(.conflict, "an alarm is about to ring")) }
        event(.previewStarted(sound: "speak:time", seconds: Self.sayNextSeconds))
        return .done(Phrase("next: {id} at {time}", ["id": next.alarm.name, "time": ShortTime(next.at)]))
    }
}
