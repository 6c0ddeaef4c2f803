/// A sound that plays on a thread of its own (a `Ringer`): what the ring engine needs of it.
package protocol RingHandle: AnyObject {
    func stop()
    /// Ended by itself (its ring duration played out, or nothing could play).
    var hasEnded: Bool { get }
    /// The terminal bell stands in for a sound no device would play.
    var isBellActive: Bool { get }
    /// Scales its volume while it plays (a button, a knob); returns the scale now.
    func scaleVolume(by factor: Double) -> Double
}

extension RingHandle {
    /// A sound that cannot change its volume keeps it.
    package func scaleVolume(by factor: Double) -> Double { 1 }
}

/// Which sound is heard: the newest ringing alarm's (the one the sleeper has not heard yet;
/// when it is stopped the next one sounds again, so none is lost silently), a ringer opened
/// ahead for the next ring and handed over at its second, and a preview (or a sleep timer's
/// sound) that any alarm ends.
/// Takes a clock and a way to start sounds, so its decisions are tested without a device.
final package class RingEngine {
    /// Starts a sound; one that takes over from `after` (told to stop) waits for it to let go of
    /// the device first.
    package typealias Start = (RingRequest, _ id: String, _ after: (any RingHandle)?) -> any RingHandle

    private let clock: any WallClock
    private let start: Start
    /// The last word on an alarm's request (the check before its ring leaves out what it found broken).
    private let amend: (Alarm, RingRequest) -> RingRequest
    private(set) package var sounding: (key: String, ringer: any RingHandle)?
    /// Opened ahead for the next due alarm, waiting for its second.
    private(set) package var prepared: (key: String, at: Int, ringer: any RingHandle)?
    private(set) package var preview: (any RingHandle)?

    package init(clock: any WallClock, amend: @escaping (Alarm, RingRequest) -> RingRequest = { $1 }, start: @escaping Start) {
        self.clock = clock
        self.amend = amend
        self.start = start
    }

    /// The key of the alarm heard, and whether the bell stands in for it.
    package var heard: (key: String, bell: Bool)? { sounding.map { ($0.key, $0.ringer.isBellActive) } }
    /// A sound is open, heard or waiting for its second: nothing needs opening ahead.
    package var isOpen: Bool { sounding != nil || prepared != nil }

    /// Makes the newest of `ringing` the one heard, handing over the one opened ahead if it is
    /// that ring's. Returns false when nothing rings any more.
    @discardableResult
    package func follow(_ ringing: [RingingAlarm], devices: (Alarm) -> [String]) -> Bool {
        guard let top = ringing.last else {
            stopSounding()
            return false
        }
        if sounding?.key == top.key { return true }
        sounding?.ringer.stop()
        if let ready = prepared, ready.key == top.key {
            prepared = nil
            sounding = (top.key, ready.ringer)
            return true
        }
        // Another ring's wake-up sound, opened at its phase's start, gives way to the alarm that rings.
        let holder = prepared?.ringer
        if holder != nil { dropPrepared() }
        sounding = (top.key, start(request(for: top, devices: devices(top.alarm)), top.alarm.name, holder))
        return true
    }

    /// A step of `escalate` for `ring`: heard at once if it is the one sounding, its sound started
    /// again at the steps' volume and sound.
    /// The sound heard (the ringing one, else the preview or sleep timer) a step louder or
    /// quieter; nil when nothing plays.
    package func scaleVolume(by factor: Double) -> Double? {
        (sounding?.ringer ?? preview).map { $0.scaleVolume(by: factor) }
    }

    package func escalate(_ ring: RingingAlarm, devices: (Alarm) -> [String]) {
        guard let current = sounding, current.key == ring.key else { return }
        current.ringer.stop()
        sounding = (ring.key, start(request(for: ring, devices: devices(ring.alarm)), ring.alarm.name, current.ringer))
    }

    /// A check found the ring opened ahead for `key` at `at` broken: it opens again without it.
    package func dropPrepared(key: String, at: Int) {
        guard let ready = prepared, ready.key == key, ready.at == at else { return }
        dropPrepared()
    }

    /// Keeps the ringer opened ahead in step with what is due next: drops one that no longer
    /// matches, and opens one when `due` opens ahead now and nothing else sounds, ending a
    /// preview (the alarm wins the device). Says whether it opened one and ended a preview.
    /// A `wakeUp` phase with a sound starts the ringer at the phase's start, its sound in front of the ring's.
    package func prepare(_ due: Ring?, opensAhead: Bool, devices: (Alarm) -> [String], wakeUp: WakeUpPhase? = nil) -> (opened: Bool, endedPreview: Bool) {
        if let current = prepared, current.key != due?.alarm.stateKey || current.at != due?.at {
            current.ringer.stop()
            prepared = nil
        }
        guard prepared == nil, sounding == nil, let due, opensAhead else { return (false, false) }
        // The alarm's sound takes the device over from the preview (or sleep timer) it ends.
        let previous = preview
        let endedPreview = endPreview()
        let endsAt = Instant(seconds: due.at + max(due.alarm.settings.ringFor, 1))
        var ring = request(for: due.alarm, endsAt: endsAt, startAt: Instant(seconds: due.at), devices: devices(due.alarm))
        if let wakeUp { ring = wakeUp.leading(ring, now: clock.now()) }
        let ringer = start(ring, due.alarm.name, previous)
        prepared = (due.alarm.stateKey, due.at, ringer)
        return (true, endedPreview)
    }

    /// A clock step: what was opened ahead was timed for a clock that is gone.
    package func dropPrepared() {
        prepared?.ringer.stop()
        prepared = nil
    }

    /// Plays `request` as a preview (after `endPreview`); refused while an alarm sounds or is
    /// about to. A sleep timer is one too (`id` "sleep"), taking over from the one it replaces.
    package func startPreview(_ request: RingRequest, id: String = "preview", after previous: (any RingHandle)? = nil) -> Bool {
        guard sounding == nil, prepared == nil, preview == nil else { return false }
        preview = start(request, id, previous)
        return true
    }

    /// True when a preview was playing.
    @discardableResult
    package func endPreview() -> Bool {
        guard let playing = preview else { return false }
        playing.stop()
        preview = nil
        return true
    }

    /// After a ringer said something: whether the heard one ended by itself (it is forgotten; its
    /// alarm rings on until stopped or timed out) and whether the preview did.
    package func ended() -> (sound: Bool, preview: Bool) {
        let sound = sounding?.ringer.hasEnded == true
        if sound { sounding = nil }
        return (sound, preview?.hasEnded == true)
    }

    package func stopAll() {
        endPreview()
        stopSounding()
        dropPrepared()
    }

    private func stopSounding() {
        sounding?.ringer.stop()
        sounding = nil
    }

    /// A ringing alarm's sound from now to its end, as the steps of `escalate` it reached changed it.
    private func request(for ring: RingingAlarm, devices: [String]) -> RingRequest {
        var request = request(for: ring.alarm, endsAt: ring.endsAt, startAt: nil, devices: devices, amended: false)
        for step in ring.alarm.settings.escalate.prefix(ring.escalated) {
            if let volume = step.volume { request.volume = volume }
            if let sound = step.sound {
                request.sound = sound
                request.laterSounds = []
            }
            // Already ringing: a step is heard at its level at once.
            request.fadeInSeconds = 0
        }
        return amend(ring.alarm, request)
    }

    /// The alarm's sound until `endsAt`, from `startAt` (or now).
    private func request(for alarm: Alarm, endsAt: Instant, startAt: Instant?, devices: [String], amended: Bool = true) -> RingRequest {
        let settings = alarm.settings
        let now = clock.now()
        let start = startAt.map { Double($0.seconds) } ?? Double(now.seconds) + Double(now.nanoseconds) / 1e9
        var request = RingRequest(
            sound: settings.sound, volume: settings.volume, fadeInSeconds: Double(settings.fadeIn),
            ringForSeconds: Double(endsAt.seconds) + Double(endsAt.nanoseconds) / 1e9 - start,
            devices: devices, startAt: startAt, fallbackSound: settings.fallbackSound,
            context: RingContext(label: alarm.label, scheduled: startAt?.seconds, voice: settings.voice))
        request.laterSounds = settings.laterSounds
        return amended ? amend(alarm, request) : request
    }
}
