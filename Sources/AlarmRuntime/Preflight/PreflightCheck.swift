import AlarmCore
import AlarmAudio
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// The check itself, without making a sound: the sound resolves and decodes its first second (a
/// stream must send it within its stall limit), each device of the order opens, the first
/// device's mixer is audible or may be made so, the kernel's clock is synchronised, and a machine
/// that may suspend can be woken. It blocks (a stream, a sound server), so `run` calls it off the
/// loop (`OffLoopWorker`).
package struct PreflightCheck: Sendable {
    package var sound: SoundReference
    package var devices: [String]
    package var forceAudible: Bool
    package var context: RingContext
    /// Why a suspended machine would not wake for the ring (`WakeAbility.reason`); nil when it would.
    package var wakeProblem: String?
    /// False while something sounds: its device is in use (a `hw:` device opens once at a time),
    /// and a busy device now says nothing about the ring.
    package var checkDevices = true

    package func run(registry: SoundRegistry) -> [PreflightProblem] {
        var problems: [PreflightProblem] = []
        var format = StreamSource.pcmFormat
        var sixteenBit = true
        switch decodeFirstSecond(registry: registry) {
        case let .success(decoded): (format, sixteenBit) = decoded
        case let .failure(problem): problems.append(problem)
        }
        for device in devices where checkDevices {
            // Opened and closed at once: a PCM that opens makes no sound until written to.
            if case let .failure(error)? = DeviceOpener.open(device, format: format, sixteenBit: sixteenBit, isStopped: { false }) {
                problems.append(PreflightProblem(.device(device), Phrase(describing: error)))
            }
        }
        if !forceAudible, let first = devices.first, let mixer = ALSAMixer(device: first) {
            let quiet = mixer.inaudibleControls(floor: MixerGuard.audibleFloor)
            if !quiet.isEmpty {
                problems.append(PreflightProblem(.mixer(mixer.control), Phrase("{controls} muted or low, and forceAudible is off",
                                                                                ["controls": quiet.joined(separator: " and ")])))
            }
        }
        if alarmplay_clock_synchronised() == 0 {
            problems.append(PreflightProblem(.clock, Phrase("not synchronised (the kernel says so: no NTP yet, the time may be off)")))
        }
        if let wakeProblem, Self.maySuspend() {
            problems.append(PreflightProblem(.wake, Phrase("the machine may suspend and would not wake for the ring ({reason})", ["reason": wakeProblem])))
        }
        return problems
    }

    /// The sound's format once its first second was read, or why it could not be.
    private func decodeFirstSecond(registry: SoundRegistry) -> Result<(AudioFormat, Bool), PreflightProblem> {
        let name = sound.description
        do {
            let entry = try registry.resolve(sound)
            let source = try registry.open(entry, context: context)
            let wanted = source.format.sampleRate
            let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 4096 * source.format.channels)
            defer { buffer.deallocate() }
            var frames = 0
            while frames < wanted {
                let count = try source.read(into: buffer, frames: min(4096, wanted - frames))
                if count == 0 { break }
                frames += count
            }
            guard frames > 0 else { return .failure(PreflightProblem(.sound(name), Phrase("{sound} has no audio", ["sound": name]))) }
            return .success((source.format, source.isSixteenBit))
        } catch {
            return .failure(PreflightProblem(.sound(name), Phrase(describing: PlaybackFailure(error))))
        }
    }

    /// The kernel offers a sleep state (`/sys/power/state`): a laptop, a desktop. A Pi offers none.
    package static func maySuspend() -> Bool {
        let states = FileSystem.readText("/sys/power/state")?.split(whereSeparator: \.isWhitespace) ?? []
        return states.contains("mem") || states.contains("disk")
    }
}

extension PreflightCheck {
    /// The check of `ring`, on the devices it rings on.
    package init(_ ring: Ring, devices: [String], wakeProblem: String?, checkDevices: Bool) {
        let settings = ring.alarm.settings
        self.init(sound: settings.sound, devices: devices, forceAudible: settings.forceAudible,
                  context: RingContext(label: ring.alarm.label, scheduled: ring.at, voice: settings.voice), wakeProblem: wakeProblem,
                  checkDevices: checkDevices)
    }
}
