/// One sounding event of a tone: when, how long, at what pitch, with which colour.
public struct Note: Sendable, Equatable {
    /// Seconds from the start of the loop cycle.
    public var start: Double
    public var length: Double
    public var pitch: Pitch
    public var timbre: Timbre
    /// Peak amplitude, 0...1.
    public var level: Double
    /// Raised-cosine fade at the note's start and end, in seconds. 5 ms takes the click out
    /// of an edge without blurring the attack; 0 is only for a note that runs across the
    /// loop point phase-continuously (the siren), where a fade would be a gap.
    public var attack: Double
    public var release: Double

    public init(
        start: Double, length: Double, pitch: Pitch, timbre: Timbre = .pure, level: Double = 0.5,
        attack: Double = Note.edge, release: Double = Note.edge
    ) {
        self.start = start
        self.length = length
        self.pitch = pitch
        self.timbre = timbre
        self.level = level
        self.attack = attack
        self.release = release
    }

    /// The default fade at note edges.
    public static let edge = 0.005

    /// The highest frequency in the note, partials included.
    package var highestFrequency: Double { pitch.highest * timbre.highestRatio }
}
