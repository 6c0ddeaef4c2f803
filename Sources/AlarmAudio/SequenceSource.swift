import AlarmCore

/// Several sounds played in order as one source: each plays once, the last loops until the ring
/// ends (`["speak:time", "stream:radio"]`). All are opened up front (a stream starts buffering
/// while the voice speaks) and brought to one format, so one device stream carries them all
/// without a gap. A sound that fails is replaced by the fallback and the sequence goes on.
public final class SequenceSource: AudioSource {
    /// What every sound of a sequence is brought to.
    public static let commonFormat = AudioFormat(sampleRate: 48_000, channels: 2)

    public let format = SequenceSource.commonFormat
    private var elements: [any AudioSource]
    private var current = 0
    private let fallback: () -> any AudioSource
    private let failed: (String) -> Void
    private let loopsLast: Bool

    /// `fallback` makes the substitute for a failing sound; `failed` hears why (for the log).
    /// `loopsLast` false ends after the last sound (a preview played once).
    public init(
        _ sources: [any AudioSource], loopsLast: Bool = true, fallback: @escaping () -> any AudioSource,
        failed: @escaping (String) -> Void
    ) {
        precondition(!sources.isEmpty, "a sequence has at least one sound")
        elements = sources.map(Self.converted)
        self.loopsLast = loopsLast
        self.fallback = fallback
        self.failed = failed
    }

    private static func converted(_ source: any AudioSource) -> any AudioSource {
        source.format == commonFormat ? source : FormatConverter(source, to: commonFormat)
    }

    public var frameCount: Int? { nil }
    public var isSixteenBit: Bool { elements.allSatisfy(\.isSixteenBit) }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        var emptyPasses = 0
        while true {
            let count: Int
            do {
                count = try elements[current].read(into: buffer, frames: frames)
            } catch {
                failed(PlaybackFailure(error).description)
                elements[current] = Self.converted(fallback())
                continue
            }
            if count > 0 { return count }
            if current + 1 < elements.count {
                current += 1
                continue
            }
            // The last sound loops; one that yields nothing even after a rewind is empty.
            guard loopsLast else { return 0 }
            emptyPasses += 1
            guard emptyPasses < 2 else { return 0 }
            try elements[current].rewind()
        }
    }

    public func rewind() throws {
        for element in elements { try element.rewind() }
        current = 0
    }
}
