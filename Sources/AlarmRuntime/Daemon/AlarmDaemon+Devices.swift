import AlarmCore
import AlarmAudio

/// An alarm is heard whatever the mixer says: at ring time a muted or near-silent output is
/// unmuted and raised (`forceAudible`, on by default), and put back as it was once nothing rings.
extension AlarmDaemon {
    /// A fraction of each control's range: loud enough to wake, the alarm's `volume` still applies.
    package static let audibleFloor = 0.5

    package func ensureAudible(for alarm: Alarm) {
        guard alarm.settings.forceAudible, mixerChanges == nil, let mixer = ALSAMixer(device: devices(for: alarm)[0]) else { return }
        let saved = mixer.makeAudible(floor: Self.audibleFloor)
        guard !saved.isEmpty else { return }
        mixerChanges = (mixer, saved)
        event(.unmuted(id: alarm.name, control: mixer.control, elements: saved.map(\.name)))
    }

    /// Where `alarm` rings, in order; its mixer is the first one's, the device it should play on.
    package func devices(for alarm: Alarm) -> [String] {
        DeviceFallback.asked(alarm: alarm.settings.devices, commandLine: configuration.devices)
    }

    package func restoreMixer() {
        guard let (mixer, saved) = mixerChanges else { return }
        mixer.restore(saved)
        mixerChanges = nil
        event(.mixerRestored(control: mixer.control, elements: saved.map(\.name)))
    }
}
