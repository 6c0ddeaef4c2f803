/// Software volume: a constant factor on the samples, then a clamp to -1...1, because lossy
/// decoders overshoot full scale and the conversion to integer samples would wrap.
public struct Gain: Sendable, Equatable {
    /// The factor, already limited to 0...1.
    public let volume: Float

    public init(volume: Double) {
        self.volume = Float(min(1, max(0, volume)))
    }

    public static let unity = Gain(volume: 1)

    /// Scales and clamps `frames` interleaved frames of `channels` samples in place.
    public func apply(to buffer: UnsafeMutablePointer<Float>, frames: Int, channels: Int) {
        for i in 0..<(frames * channels) {
            buffer[i] = Self.clamp(buffer[i] * volume)
        }
    }

    /// Limits a sample to full scale. NaN, which a broken decoder can produce, becomes
    /// silence rather than noise.
    @inline(__always)
    public static func clamp(_ sample: Float) -> Float {
        guard sample == sample else { return 0 }
        return min(1, max(-1, sample))
    }
}
