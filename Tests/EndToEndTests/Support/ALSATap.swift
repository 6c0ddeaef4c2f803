import Foundation

/// ALSA's `file` plugin as a tap: whatever the binary plays on PCM `tap` lands in a WAV file.
/// The `plug` in front converts to S16_LE because alsa-lib 1.2.8's file plugin would otherwise
/// write float frames under an integer WAV header.
struct ALSATap {
    let configPath: String
    let wavPath: String

    /// `base` is the configuration the tap adds to (a private PipeWire's, say).
    init(in directory: TemporaryDirectory, base: String = "/usr/share/alsa/alsa.conf") throws {
        configPath = directory.file("asound.conf")
        wavPath = directory.file("tap.wav")
        let config = """
            <\(base)>
            pcm.tap { type plug slave { pcm "tapfile" format S16_LE } }
            pcm.tapfile { type file slave.pcm "null" file "\(wavPath)" format "wav" }
            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    var environment: [String: String] { ["ALSA_CONFIG_PATH": configPath] }
    let device = "tap"
}
