/// Float samples to signed 16-bit, for outputs that take only S16: clamped first (a decoder's
/// overshoot must not wrap around to the opposite sign) and rounded, not truncated, so
/// silence stays 0 and a full-scale sine stays symmetric.
public enum SampleConversion {
    @inline(__always)
    public static func s16(_ sample: Float) -> Int16 {
        Int16((Gain.clamp(sample) * 32_767).rounded())
    }

    /// Converts `count` samples from `source` into `destination`.
    public static func s16(from source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Int16>, count: Int) {
        for i in 0..<count {
            destination[i] = s16(source[i])
        }
    }
}
