import CALSA

#if canImport(Glibc)
import Glibc
#endif

/// A playback PCM as ALSA's device hints describe it (what `aplay -L` prints).
public struct AudioDevice: Sendable, Equatable {
    public var name: String
    public var description: String
}

public enum ALSADevices {
    /// Every PCM that can play, from `snd_device_name_hint`, in ALSA's order.
    public static func playback() -> [AudioDevice] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [AudioDevice] = []
        var cursor = hints
        while let hint = cursor.pointee {
            cursor += 1
            let direction = take(snd_device_name_get_hint(hint, "IOID"))
            guard direction == nil || direction == "Output", let name = take(snd_device_name_get_hint(hint, "NAME")) else {
                continue
            }
            let description = take(snd_device_name_get_hint(hint, "DESC")) ?? ""
            devices.append(AudioDevice(
                name: name, description: description.split(separator: "\n").joined(separator: ", ")))
        }
        return devices
    }

    /// The plugin type ALSA's configuration gives PCM `name` (`pipewire`, `pulse`, `hw`, `plug`,
    /// ...), without opening it; nil for a name it does not define. For `default` this is what
    /// the machine's configuration makes of it now (pulseaudio's hook picks `pulse` only while a
    /// PulseAudio-protocol server answers).
    public static func pluginType(of name: String) -> String? {
        alarmplay_silence_alsa_errors()
        // A private copy of the configuration: ALSA's global one is shared mutable state.
        var root: OpaquePointer?
        var update: OpaquePointer?
        guard snd_config_update_r(&root, &update, nil) >= 0, let root else { return nil }
        defer {
            snd_config_delete(root)
            if let update { snd_config_update_free(update) }
        }
        let base = String(name.prefix { $0 != ":" })
        var definition: OpaquePointer?
        guard snd_config_search_definition(root, "pcm", base, &definition) >= 0, let definition else { return nil }
        defer { snd_config_delete(definition) }
        var type: OpaquePointer?
        var text: UnsafePointer<CChar>?
        guard snd_config_search(definition, "type", &type) >= 0, let type, snd_config_get_string(type, &text) >= 0, let text else {
            return nil
        }
        return String(cString: text)
    }

    /// Copies and frees a string ALSA allocated for us.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
