/// Mono samples at a known rate: what every analysis in this module works on. Take one from
/// a `WAVAudio` (`mono` or `channel(_:)`), from rendered tones, or from raw recorder output.
public struct Signal: Sendable, Equatable {
    public var samples: [Float]
    public var sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var count: Int { samples.count }
    public var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The sample index at `seconds`, limited to the signal.
    public func index(at seconds: Double) -> Int {
        min(samples.count, max(0, Int((seconds * Double(sampleRate)).rounded())))
    }

    public func seconds(at index: Int) -> Double {
        Double(index) / Double(sampleRate)
    }

    /// The part from `start` to `end` seconds (clamped to the signal).
    public func slice(from start: Double, to end: Double) -> Signal {
        let first = index(at: start)
        let last = max(first, index(at: end))
        return Signal(samples: Array(samples[first..<last]), sampleRate: sampleRate)
    }

    /// The signal followed by `other`, e.g. a loop's end joined to its start.
    public func followed(by other: Signal) -> Signal {
        Signal(samples: samples + other.samples, sampleRate: sampleRate)
    }
}
