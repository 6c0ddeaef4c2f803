import CALSA

#if canImport(Glibc)
import Glibc
#endif

/// The playback controls of the card a PCM plays on, or of the sound server through the `pulse`
/// control that PulseAudio and PipeWire expose to ALSA (its `Master` is the default sink). An alarm
/// must be heard even when someone muted the speaker last night: `makeAudible` unmutes and raises
/// what would silence it and remembers how it was, `restore` puts it back. Owns the `snd_mixer_t`
/// and closes it in `deinit`.
public final class ALSAMixer {
    /// One control as it was before `makeAudible` changed it.
    public struct Saved {
        fileprivate let element: OpaquePointer
        public let name: String
        fileprivate let switches: [(channel: snd_mixer_selem_channel_id_t, on: Int32)]
        fileprivate let volumes: [(channel: snd_mixer_selem_channel_id_t, value: Int)]
    }

    public let control: String
    private let mixer: OpaquePointer

    /// The mixer for `device`; nil when it has none (a file or `null` PCM).
    public init?(device: String) {
        control = Self.controlName(for: device)
        alarmplay_silence_alsa_errors()
        var handle: OpaquePointer?
        guard snd_mixer_open(&handle, 0) >= 0, let handle else { return nil }
        guard snd_mixer_attach(handle, control) >= 0, snd_mixer_selem_register(handle, nil, nil) >= 0,
              snd_mixer_load(handle) >= 0
        else {
            snd_mixer_close(handle)
            return nil
        }
        mixer = handle
    }

    deinit {
        snd_mixer_close(mixer)
    }

    /// `hw:1,0`, `plughw:CARD=Headphones,DEV=0` → the card's control (`hw:1`, `hw:CARD=Headphones`);
    /// `pulse`, `default` and other names are controls of their own.
    public static func controlName(for device: String) -> String {
        for prefix in ["plughw:", "hw:"] where device.hasPrefix(prefix) {
            let card = device.dropFirst(prefix.count).split(separator: ",").first { !$0.hasPrefix("DEV=") }
            return "hw:" + (card.map(String.init) ?? "0")
        }
        return device
    }

    /// Unmutes every playback control that is switched off and raises every one below `floor`
    /// (a fraction of its range) to it. Returns what it changed, to restore later.
    public func makeAudible(floor: Double) -> [Saved] {
        scan(floor: floor, change: true)
    }

    /// The controls `makeAudible` would change, without changing them (for `doctor`).
    public func inaudibleControls(floor: Double) -> [String] {
        scan(floor: floor, change: false).map(\.name)
    }

    private func scan(floor: Double, change: Bool) -> [Saved] {
        var changed: [Saved] = []
        var element = snd_mixer_first_elem(mixer)
        while let current = element {
            defer { element = snd_mixer_elem_next(current) }
            guard snd_mixer_selem_is_active(current) != 0 else { continue }
            let channels = Self.playbackChannels(current)
            var switches: [(snd_mixer_selem_channel_id_t, Int32)] = []
            var volumes: [(snd_mixer_selem_channel_id_t, Int)] = []
            if snd_mixer_selem_has_playback_switch(current) != 0 {
                for channel in channels {
                    var on: Int32 = 1
                    snd_mixer_selem_get_playback_switch(current, channel, &on)
                    if on == 0 { switches.append((channel, on)) }
                }
                if change, !switches.isEmpty { snd_mixer_selem_set_playback_switch_all(current, 1) }
            }
            if snd_mixer_selem_has_playback_volume(current) != 0 {
                var low = 0
                var high = 0
                snd_mixer_selem_get_playback_volume_range(current, &low, &high)
                let target = low + Int((Double(high - low) * floor).rounded(.up))
                for channel in channels {
                    var value = 0
                    snd_mixer_selem_get_playback_volume(current, channel, &value)
                    guard value < target else { continue }
                    volumes.append((channel, value))
                    if change { snd_mixer_selem_set_playback_volume(current, channel, target) }
                }
            }
            if !switches.isEmpty || !volumes.isEmpty {
                let name = String(cString: snd_mixer_selem_get_name(current))
                changed.append(Saved(element: current, name: name, switches: switches, volumes: volumes))
            }
        }
        return changed
    }

    /// Puts back what `makeAudible` changed.
    public func restore(_ saved: [Saved]) {
        for control in saved {
            for (channel, value) in control.volumes { snd_mixer_selem_set_playback_volume(control.element, channel, value) }
            for (channel, on) in control.switches { snd_mixer_selem_set_playback_switch(control.element, channel, on) }
        }
    }

    private static func playbackChannels(_ element: OpaquePointer) -> [snd_mixer_selem_channel_id_t] {
        if snd_mixer_selem_is_playback_mono(element) != 0 { return [SND_MIXER_SCHN_MONO] }
        var channels: [snd_mixer_selem_channel_id_t] = []
        for raw in SND_MIXER_SCHN_FRONT_LEFT.rawValue...SND_MIXER_SCHN_LAST.rawValue {
            let channel = snd_mixer_selem_channel_id_t(rawValue: raw)
            if snd_mixer_selem_has_playback_channel(element, channel) != 0 { channels.append(channel) }
        }
        return channels
    }
}
