/// One sine component of a note, at a multiple of the note's pitch.
public struct Partial: Sendable, Equatable {
    /// Frequency as a multiple of the pitch; a non-integer ratio makes a bell-like,
    /// inharmonic sound.
    public var ratio: Double
    public var amplitude: Double
    /// Time in seconds for this partial to fall to 1/e of its start; nil sustains it.
    public var decaySeconds: Double?

    public init(ratio: Double, amplitude: Double, decaySeconds: Double? = nil) {
        self.ratio = ratio
        self.amplitude = amplitude
        self.decaySeconds = decaySeconds
    }
}

/// The colour of a note: its partials. Amplitudes are scaled to sum to 1, so a note's peak
/// never exceeds its level whatever the mix.
public struct Timbre: Sendable, Equatable {
    public let partials: [Partial]

    public init(_ partials: [Partial]) {
        let total = partials.reduce(0) { $0 + abs($1.amplitude) }
        self.partials = partials.map { partial in
            var scaled = partial
            scaled.amplitude = total > 0 ? partial.amplitude / total : 0
            return scaled
        }
    }

    /// One sine: the tone that measures exactly its pitch.
    public static let pure = Timbre([Partial(ratio: 1, amplitude: 1)])
    /// Odd harmonics, like a square wave with its edges rounded off: a buzzer.
    public static let buzzer = Timbre([
        Partial(ratio: 1, amplitude: 1), Partial(ratio: 3, amplitude: 0.3), Partial(ratio: 5, amplitude: 0.12),
    ])
    /// A fundamental with a little of its first harmonics: clear but not thin.
    public static let warm = Timbre([
        Partial(ratio: 1, amplitude: 1), Partial(ratio: 2, amplitude: 0.2), Partial(ratio: 3, amplitude: 0.08),
    ])
    /// A struck bar or bell: inharmonic partials (the ratios of a free bar's modes, 2.76 and
    /// 5.40, plus a bell's octave) dying out faster the higher they are.
    public static let bell = Timbre([
        Partial(ratio: 1, amplitude: 1, decaySeconds: 1.1),
        Partial(ratio: 2, amplitude: 0.35, decaySeconds: 0.7),
        Partial(ratio: 2.76, amplitude: 0.3, decaySeconds: 0.4),
        Partial(ratio: 4.07, amplitude: 0.15, decaySeconds: 0.25),
        Partial(ratio: 5.40, amplitude: 0.12, decaySeconds: 0.15),
    ])
    /// A music box: a decaying fundamental with a brief bright overtone.
    public static let musicBox = Timbre([
        Partial(ratio: 1, amplitude: 1, decaySeconds: 0.8),
        Partial(ratio: 2, amplitude: 0.3, decaySeconds: 0.3),
        Partial(ratio: 3, amplitude: 0.1, decaySeconds: 0.12),
    ])

    /// The highest partial ratio, for the highest frequency a note can contain.
    package var highestRatio: Double { partials.map(\.ratio).max() ?? 1 }
}
