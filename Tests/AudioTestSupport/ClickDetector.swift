/// The worst discontinuity found in a signal.
public struct ClickReport: Sendable, Equatable {
    /// Largest measured/allowed ratio: at most 1 for a clean signal, well above 1 at a click.
    public var ratio: Double
    /// Sample index where it occurs.
    public var index: Int
}

extension Signal {
    /// Finds clicks by Bernstein's inequality: a signal holding no frequency above F and
    /// never exceeding P changes by at most P·(2πF/rate) from one sample to the next, and
    /// its second difference is at most P·(2πF/rate)². A hard edge (a note cut off, a
    /// loop joined out of phase) breaks that bound many times over, even at a zero
    /// crossing, where the first difference alone would miss it.
    ///
    /// P is the local peak within `window` seconds around each sample, so a click in a quiet
    /// passage counts. `bandLimit` is the highest frequency the sound should hold; give it
    /// some margin, as the short fades at note edges widen a tone's band a little.
    public func worstClick(bandLimit: Double, window: Double = 0.005) -> ClickReport {
        guard samples.count >= 3 else { return ClickReport(ratio: 0, index: 0) }
        let omega = 2 * Double.pi * bandLimit / Double(sampleRate)
        let secondBound = omega * omega
        let blockSize = max(1, Int(window * Double(sampleRate)))
        let blockPeaks = stride(from: 0, to: samples.count, by: blockSize).map { start in
            samples[start..<min(samples.count, start + blockSize)].reduce(Float(0)) { max($0, abs($1)) }
        }
        var worst = ClickReport(ratio: 0, index: 0)
        for index in 1..<(samples.count - 1) {
            let block = index / blockSize
            let localPeak = Double(blockPeaks[max(0, block - 1)...min(blockPeaks.count - 1, block + 1)].max() ?? 0)
            let second = abs(Double(samples[index + 1]) - 2 * Double(samples[index]) + Double(samples[index - 1]))
            guard localPeak > 0 else { continue }
            let ratio = second / (localPeak * secondBound)
            if ratio > worst.ratio { worst = ClickReport(ratio: ratio, index: index) }
        }
        return worst
    }

    /// The largest sample-to-sample step and where it is: a quick check that a loop joins
    /// (compare the step across the join with the steps inside the sound).
    public func largestJump() -> (size: Float, index: Int) {
        var best: (size: Float, index: Int) = (0, 0)
        for index in 1..<max(1, samples.count) {
            let jump = abs(samples[index] - samples[index - 1])
            if jump > best.size { best = (jump, index) }
        }
        return best
    }
}
