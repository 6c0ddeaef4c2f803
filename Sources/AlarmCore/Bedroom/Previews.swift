/// What plays that is not an alarm: a preview, a sleep timer, the next alarm said aloud. Each is
/// the ring engine's preview, so an alarm wins over it everywhere (refused while one rings or is
/// about to, cut when one opens ahead or fires, the device handed over); this is what each asks
/// of the engine and what it says.
package final class Previews {
    package static let limitSeconds = 30.0
    /// One step of a button or a knob's click: a quarter louder, or back by as much.
    package static let volumeStep = 1.25
    /// How long "the next alarm is ..." may take to say.
    package static let sayNextSeconds = 8.0

    private let engine: RingEngine
    private let say: (DaemonEvent) -> Void
    /// The sleep timer playing, as the engine's preview.
    package private(set) var sleepTimer: SleepTimer?

    package init(engine: RingEngine, say: @escaping (DaemonEvent) -> Void) {
        self.engine = engine
        self.say = say
    }

    /// Why a preview cannot start now (`ringing`: an alarm rings); nil when it can.
    package func previewRefusal(ringing: Bool) -> Refusal? {
        if ringing || engine.isOpen { return Refusal(.conflict, "an alarm is ringing; it wins over a preview") }
        if sleepTimer != nil { return Refusal(.conflict, "a sleep timer is playing; 'alarmplay sleep --stop' ends it") }
        return nil
    }

    /// Plays `entry` once (at most `limitSeconds`), after `previewRefusal` said it may.
    package func preview(_ entry: SoundEntry, volume: Double, devices: [String]) -> CommandResult {
        end(reason: "replaced")
        let seconds = min(entry.sound.details.durationSeconds ?? 5, Self.limitSeconds)
        guard engine.startPreview(RingRequest(sound: .name(entry.sound.name), volume: volume, fadeInSeconds: 0, ringForSeconds: seconds, devices: devices))
        else { return .refused(Refusal(.conflict, "an alarm is ringing; it wins over a preview")) }
        say(.previewStarted(sound: entry.sound.name, seconds: seconds))
        return .value(.previewing(sound: entry.sound.name, seconds: seconds))
    }

    /// Ends what plays; true when something did.
    @discardableResult
    package func end(reason: String) -> Bool {
        guard engine.endPreview() else { return false }
        ended(reason: reason)
        return true
    }

    /// What the end of the engine's preview says: `sleep_ended` when it was a sleep timer's sound.
    package func ended(reason: String) {
        guard sleepTimer != nil else { return say(.previewEnded(reason: reason)) }
        sleepTimer = nil
        say(.sleepEnded(reason: SleepEnd(previewReason: reason)))
    }

    /// `stopPreview` (`sleep` false) or `stopSleep`: each ends only its own kind.
    package func stop(sleep: Bool) -> CommandResult {
        .value(.stopped((sleepTimer != nil) == sleep && end(reason: "stopped")))
    }

    /// Starts the sleep timer `asked` (its sounds resolved to `sounds`), replacing what plays.
    package func sleep(_ asked: SleepRequest, sounds: [String], now: Instant, devices: [String]) -> CommandResult {
        let (request, timer) = asked.plan(sounds: sounds, now: now, devices: devices)
        // The one it replaces (a preview, a sleep timer) lets go of the device first.
        let previous = engine.preview
        end(reason: SleepEnd.replaced.rawValue)
        guard engine.startPreview(request, id: "sleep", after: previous) else {
            return .refused(Refusal(.conflict, "an alarm is about to ring; it wins over a sleep timer"))
        }
        sleepTimer = timer
        say(.sleepStarted(sound: timer.sound, seconds: asked.seconds, fadeSeconds: timer.fadeSeconds, endsAt: timer.endsAt))
        return .value(.sleep(timer, now: now.seconds))
    }

    /// One step louder or quieter of what is heard (a ring, a sleep timer, a preview).
    package func changeVolume(louder: Bool) -> CommandResult {
        guard let scale = engine.scaleVolume(by: louder ? Self.volumeStep : 1 / Self.volumeStep) else {
            return .refused(Refusal(.conflict, "nothing is playing"))
        }
        let percent = Int((scale * 100).rounded())
        say(.volumeChanged(percent: percent))
        return .done(Phrase("volume {percent}%", ["percent": String(percent)]))
    }

    /// The next alarm's label and time in words (`speak:time`), as a preview: any alarm ends it.
    package func sayNext(_ next: Ring?, devices: [String], ringing: Bool, speechInstalled: Bool) -> CommandResult {
        guard !ringing, !engine.isOpen, sleepTimer == nil else {
            return .refused(Refusal(.conflict, "something is ringing or playing; it wins over saying the next alarm"))
        }
        guard let next else { return .refused(Refusal(.conflict, "no alarm rings ahead")) }
        guard speechInstalled else { return .refused(Refusal(.unavailable, "speech is not installed (espeak-ng) to say the next alarm")) }
        var request = RingRequest(sound: .name("speak:time"), volume: next.alarm.settings.volume, fadeInSeconds: 0,
                                  ringForSeconds: Self.sayNextSeconds, devices: devices)
        request.context = RingContext(label: "Next alarm: \(next.alarm.label ?? next.alarm.name).", scheduled: next.at, voice: next.alarm.settings.voice)
        end(reason: "replaced")
        guard engine.startPreview(request) else { return .refused(Refusal(.conflict, "an alarm is about to ring")) }
        say(.previewStarted(sound: "speak:time", seconds: Self.sayNextSeconds))
        return .done(Phrase("next: {id} at {time}", ["id": next.alarm.name, "time": ShortTime(next.at)]))
    }
}
