#if canImport(Glibc)
import Glibc
#endif

/// A fade-in that rises in decibels, linearly, from -40 dB to the target volume, as
/// Android's DeskClock crescendo does: linear in dB sounds like an even rise, where a
/// linear amplitude ramp seems to jump at first and then stall.
///
/// gain(n) = volume · 10^((-40 + 40·n/N) / 20) for frame n < N, then volume. That is a
/// geometric series, volume · 0.01 · r^n with r = 10^(2/N), so a block is faded with one
/// multiplication per frame after one `pow` at its start.
public struct FadeIn: Sendable, Equatable {
    public static let startDecibels = -40.0

    /// The volume reached at the end of the fade.
    public let target: Gain
    /// Length of the fade in frames; 0 plays at full volume at once.
    public let frames: Int

    public init(volume: Double, seconds: Double, sampleRate: Int) {
        target = Gain(volume: volume)
        frames = max(0, Int((seconds * Double(sampleRate)).rounded()))
    }

    /// The factor for frame `frame` counted from the start of the fade.
    public func gain(atFrame frame: Int) -> Double {
        Double(target.volume) * relativeGain(atFrame: frame)
    }

    /// Whether frames from `frame` on play at the target volume.
    public func isComplete(atFrame frame: Int) -> Bool {
        frame >= frames
    }

    /// Whether frames from `frame` on play exactly as they are (unity volume, the fade over), so a
    /// 16-bit sound's own samples can go to the device without a float on the way.
    public func leavesUnchanged(fromFrame frame: Int) -> Bool {
        target == .unity && isComplete(atFrame: frame)
    }

    /// Applies the fade to a block of `frames` interleaved frames whose first frame is frame
    /// `startFrame` of the fade, scaling every channel of a frame alike and clamping.
    /// Call it with consecutive blocks and a running frame count; after the fade it costs
    /// what `Gain.apply` costs.
    public func apply(to buffer: UnsafeMutablePointer<Float>, frames count: Int, channels: Int, startFrame: Int) {
        let fading = min(count, max(0, frames - startFrame))
        if fading > 0 {
            let ratio = pow(10, 2 / Double(frames))
            var factor = gain(atFrame: startFrame)
            for frame in 0..<fading {
                let sampleFactor = Float(factor)
                for channel in 0..<channels {
                    let i = frame * channels + channel
                    buffer[i] = Gain.clamp(buffer[i] * sampleFactor)
                }
                factor *= ratio
            }
        }
        target.apply(to: buffer + fading * channels, frames: count - fading, channels: channels)
    }

    /// Gain relative to the target, from 0.01 (-40 dB) to 1.
    private func relativeGain(atFrame frame: Int) -> Double {
        guard frame < frames else { return 1 }
        let decibels = Self.startDecibels * (1 - Double(max(0, frame)) / Double(frames))
        return pow(10, decibels / 20)
    }
}
