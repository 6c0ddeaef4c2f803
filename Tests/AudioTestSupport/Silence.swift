extension Signal {
    /// Index of the first sample at or above `thresholdDBFS` (default -60 dBFS, well above
    /// 16-bit dither and well below any alarm); nil when the signal never gets there.
    public func firstSound(thresholdDBFS: Double = -60) -> Int? {
        let limit = Float(Decibels.toAmplitude(thresholdDBFS))
        return samples.firstIndex { abs($0) >= limit }
    }

    /// Index of the last sample at or above `thresholdDBFS`.
    public func lastSound(thresholdDBFS: Double = -60) -> Int? {
        let limit = Float(Decibels.toAmplitude(thresholdDBFS))
        return samples.lastIndex { abs($0) >= limit }
    }

    /// Whether no sample reaches `thresholdDBFS`.
    public func isSilent(thresholdDBFS: Double = -60) -> Bool {
        firstSound(thresholdDBFS: thresholdDBFS) == nil
    }
}

/// A stretch of sound between silences, in seconds.
public struct SoundSpan: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var duration: Double { end - start }
}

extension Signal {
    /// The stretches where the signal sounds: samples at or above `thresholdDBFS`, with
    /// gaps shorter than `bridging` seconds (a sine's own zero crossings) joined up. Counts
    /// the beeps of a pattern, or finds the silence a snooze leaves in a recording.
    public func soundSpans(thresholdDBFS: Double = -40, bridging: Double = 0.01) -> [SoundSpan] {
        let limit = Float(Decibels.toAmplitude(thresholdDBFS))
        let maximumGap = Int(bridging * Double(sampleRate))
        var spans: [(first: Int, last: Int)] = []
        for (index, sample) in samples.enumerated() where abs(sample) >= limit {
            if let open = spans.last, index - open.last <= maximumGap {
                spans[spans.count - 1].last = index
            } else {
                spans.append((index, index))
            }
        }
        return spans.map { SoundSpan(start: seconds(at: $0.first), end: seconds(at: $0.last + 1)) }
    }
}
