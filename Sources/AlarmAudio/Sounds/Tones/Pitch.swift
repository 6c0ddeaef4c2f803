#if canImport(Glibc)
import Glibc
#endif

/// How the fundamental frequency of a note moves while it sounds. Each case has a closed-form
/// phase, and synthesis advances by its exact per-sample differences on a 64-bit phase, so a
/// frequency never drifts the way a running `Float` phase sum would: a 440 Hz beep measures
/// 440 Hz.
public enum Pitch: Sendable, Equatable {
    /// A steady frequency in Hz.
    case fixed(Double)
    /// A linear glide from one frequency to another over the whole note.
    case glide(from: Double, to: Double)
    /// A frequency swinging sinusoidally around `center` by ±`depth` Hz, `rate` times a
    /// second, rising first.
    case warble(center: Double, depth: Double, rate: Double)

    /// The equal-tempered pitch of a MIDI note number (69 = A4 = 440 Hz).
    public static func midi(_ number: Int) -> Pitch {
        .fixed(440 * exp2((Double(number) - 69) / 12))
    }

    /// Writes the cycles advanced from each sample to the next, for samples `first`
    /// ..< `first + steps.count` of a note `length` seconds long. Each step is the difference
    /// of the pitch's closed-form phase, so the steps add up to the exact phase wherever a
    /// block starts; a steady pitch takes one identical step, which the 64-bit phase then
    /// accumulates exactly.
    package func steps(from first: Int, into steps: UnsafeMutableBufferPointer<Double>, sampleRate: Double, length: Double,
               table: UnsafePointer<Float>) {
        switch self {
        case let .fixed(frequency):
            steps.update(repeating: frequency / sampleRate)
        case let .glide(from, to):
            // The phase from·t + (to - from)·t²/(2·length), differenced at t = n/rate.
            let slope = (to - from) / (length * sampleRate)
            for i in steps.indices {
                steps[i] = (from + slope * (Double(first + i) + 0.5)) / sampleRate
            }
        case let .warble(center, depth, rate):
            // The phase center·t + swing·(1 - cos(2π·rate·t)); the modulator's own phase is
            // exact n·step, so a cycle of whole modulator periods ends where it began.
            let swing = depth / (2 * Double.pi * rate)
            let modulatorStep = SineTable.step(cycles: rate / sampleRate)
            let quarter: UInt64 = 1 << 62
            var cosine = SineTable.sine(UInt64(truncatingIfNeeded: first) &* modulatorStep &+ quarter, table: table)
            for i in steps.indices {
                let phase = UInt64(truncatingIfNeeded: first + i + 1) &* modulatorStep &+ quarter
                let next = SineTable.sine(phase, table: table)
                steps[i] = center / sampleRate + swing * Double(cosine - next)
                cosine = next
            }
        }
    }

    /// The lowest frequency the pitch reaches.
    package var lowest: Double {
        switch self {
        case let .fixed(frequency): return frequency
        case let .glide(from, to): return min(from, to)
        case let .warble(center, depth, _): return center - abs(depth)
        }
    }

    /// The highest frequency the pitch reaches.
    package var highest: Double {
        switch self {
        case let .fixed(frequency): return frequency
        case let .glide(from, to): return max(from, to)
        case let .warble(center, depth, _): return center + abs(depth)
        }
    }
}
