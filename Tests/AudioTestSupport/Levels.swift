import Foundation

/// The level of one stretch of a signal.
public struct WindowLevel: Sendable, Equatable {
    /// Start of the window in seconds.
    public var start: Double
    public var rmsDBFS: Double
    public var peakDBFS: Double
}

/// Levels in dBFS, where 0 dBFS is a full-scale sample (|x| = 1) and silence is -infinity.
public enum Decibels {
    public static func fromAmplitude(_ amplitude: Double) -> Double {
        amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }

    public static func toAmplitude(_ decibels: Double) -> Double {
        pow(10, decibels / 20)
    }
}

extension Signal {
    /// Root mean square of the whole signal, in dBFS (a full-scale sine is -3 dBFS).
    public var rmsDBFS: Double { Decibels.fromAmplitude(rms(samples[...])) }

    public var peakDBFS: Double { Decibels.fromAmplitude(peak(samples[...])) }

    /// Levels of consecutive windows (100 ms by default, the last one possibly shorter):
    /// the way to see a sound start, stop, fade in or fall silent.
    public func windowLevels(seconds window: Double = 0.1) -> [WindowLevel] {
        let size = max(1, Int((window * Double(sampleRate)).rounded()))
        return stride(from: 0, to: samples.count, by: size).map { start in
            let part = samples[start..<min(samples.count, start + size)]
            return WindowLevel(start: seconds(at: start), rmsDBFS: Decibels.fromAmplitude(rms(part)),
                               peakDBFS: Decibels.fromAmplitude(peak(part)))
        }
    }

    func rms(_ part: ArraySlice<Float>) -> Double {
        guard !part.isEmpty else { return 0 }
        let sum = part.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(part.count)).squareRoot()
    }

    func peak(_ part: ArraySlice<Float>) -> Double {
        Double(part.reduce(Float(0)) { max($0, abs($1)) })
    }
}
