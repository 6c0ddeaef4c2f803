#if canImport(Glibc)
import Glibc
#endif

/// The end of a sleep timer: a fall, linear in decibels, from the volume to -60 dB over the last
/// `frames` frames of a playback, then silence. Linear in dB is heard as an even fall (`FadeIn`
/// rises the same way); -60 dB is a thousandth of the volume, so the stop after it is not heard.
///
/// Counted from the end: the frame with `left` frames to go (the last frame has 1) plays at
/// 10^(-60 · (N - left) / N / 20) of the volume while left ≤ N, unchanged before. Consecutive
/// frames differ by the ratio 10^(-3 / N), so a block is faded with one multiplication per frame.
public struct FadeOut: Sendable, Equatable {
    public static let endDecibels = -60.0

    /// Length of the fade in frames; 0: no fade, the playback simply ends.
    public let frames: Int

    public init(seconds: Double, sampleRate: Int) {
        frames = max(0, Int((seconds * Double(sampleRate)).rounded()))
    }

    /// The factor (relative to the volume) for the frame with `left` frames to go, itself
    /// included: 1 before the fade, 0 once the playback is over.
    public func gain(framesLeft left: Int) -> Double {
        guard left > 0 else { return 0 }
        guard left < frames else { return 1 }
        return pow(10, Self.endDecibels * Double(frames - left) / Double(frames) / 20)
    }

    /// Whether a block of `count` frames, the first with `left` frames to go, is wholly before the fade.
    public func leavesUnchanged(frames count: Int, framesLeft left: Int) -> Bool {
        left - count + 1 >= frames
    }

    /// Fades a block of `count` interleaved frames whose first frame has `left` frames to go,
    /// every channel of a frame alike. Frames before the fade are left as they are.
    public func apply(to buffer: UnsafeMutablePointer<Float>, frames count: Int, channels: Int, framesLeft left: Int) {
        // Frames of this block before the fade starts are untouched.
        let skipped = min(count, max(0, left - frames + 1))
        guard skipped < count else { return }
        let ratio = pow(10, Self.endDecibels / Double(frames) / 20)
        var factor = gain(framesLeft: left - skipped)
        for frame in skipped..<count {
            let sampleFactor = Float(left - frame > 0 ? factor : 0)
            for channel in 0..<channels {
                buffer[frame * channels + channel] *= sampleFactor
            }
            factor *= ratio
        }
    }
}
