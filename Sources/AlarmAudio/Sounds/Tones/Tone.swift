/// A built-in alarm sound: one loop cycle of notes. A cycle either ends in silence or runs
/// phase-continuously into its own start, so looping it has no gap and no click.
public struct Tone: Sendable, Equatable {
    /// The stable key, the part after `tone:`. Alarms store it; never rename one.
    public let key: String
    public let title: String
    public let cycleSeconds: Double
    public let notes: [Note]

    public init(key: String, title: String, cycleSeconds: Double, notes: [Note]) {
        self.key = key
        self.title = title
        self.cycleSeconds = cycleSeconds
        self.notes = notes
    }

    /// Tones are made at 48 kHz, the rate sound servers and most DACs run at, so the usual
    /// path plays them without resampling.
    public static let sampleRate = 48_000

    /// The highest frequency any note reaches, partials included: the band limit that
    /// click detection measures against.
    public var highestFrequency: Double {
        notes.map(\.highestFrequency).max() ?? 0
    }

    /// One cycle as mono samples.
    public func render(sampleRate: Int = Tone.sampleRate) -> [Float] {
        ToneRenderer.render(self, sampleRate: sampleRate)
    }
}
