/// TEMPORARY until the tones branch lands.
public enum Gain {
    public static func apply(_ envelope: FadeIn, to buffer: UnsafeMutablePointer<Float>, frames: Int, channels: Int, startFrame: Int) {
        for frame in 0..<frames {
            let gain = envelope.gain(atFrame: startFrame + frame)
            for channel in 0..<channels {
                let index = frame * channels + channel
                buffer[index] = min(max(buffer[index] * gain, -1), 1)
            }
        }
    }
}
