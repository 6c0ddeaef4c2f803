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

    /// Copies and frees a string ALSA allocated for us.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
