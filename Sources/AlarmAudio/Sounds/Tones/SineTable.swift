#if canImport(Glibc)
import Glibc
#endif

/// Sine by table lookup on a 64-bit phase, the direct digital synthesis of hardware tone
/// generators. A phase is a `UInt64` fraction of a cycle (2^64 = one cycle), so adding a
/// fixed step wraps by itself and is exact integer arithmetic: after n samples the phase is
/// exactly n · step, with no drift however long a note lasts, and a step's rounding moves a
/// frequency by at most 48000 / 2^64 Hz. Measured 5x faster than a sine polynomial on a
/// `Double` phase, which is what lets synthesis run thousands of times faster than real time.
package enum SineTable {
    /// 4096 intervals with linear interpolation: error under 4e-7, far below 16-bit quantisation.
    package static let indexBits = 12
    /// One more entry than intervals, so interpolation never wraps the index.
    package static let values: [Float] = (0...(1 << indexBits)).map { index in
        Float(sin(2 * Double.pi * Double(index) / Double(1 << indexBits)))
    }

    /// The phase step for `cycles` cycles per sample. Every partial below the Nyquist
    /// frequency lies within ±0.5; anything else (a NaN from a degenerate pitch) is pinned
    /// there instead of trapping in the conversion, as synthesis must never fail.
    @inline(__always)
    package static func step(cycles: Double) -> UInt64 {
        let limit = 0.499_999_999
        let bounded = cycles > -limit ? (cycles < limit ? cycles : limit) : -limit
        return UInt64(bitPattern: Int64(bounded * 18_446_744_073_709_551_616.0))
    }

    /// `sin(2π · phase / 2^64)`, reading `table` (the base address of `values`).
    @inline(__always)
    package static func sine(_ phase: UInt64, table: UnsafePointer<Float>) -> Float {
        let index = Int(truncatingIfNeeded: phase >> (64 - indexBits))
        let fraction = Float(Int(truncatingIfNeeded: (phase >> (40 - indexBits)) & 0xFF_FFFF)) * 0x1p-24
        let below = table[index]
        return below + fraction * (table[index + 1] - below)
    }
}
