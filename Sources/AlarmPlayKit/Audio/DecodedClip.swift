/// A short sound file decoded once into memory as 16-bit samples and replayed from there: a ring
/// loops its sound for minutes, and decoding FLAC again on every pass costs more CPU than the
/// output itself (about 25 ms per 30 s). Kept as Int16, half the memory of float; handed to an
/// S16 device as they are, or converted to float a block at a time where a gain or fade applies.
public final class DecodedClip: AudioSource, SixteenBitReading {
    /// Longer sounds are streamed: their memory would outweigh the decoding saved.
    public static let maximumSeconds = 12.0

    public let format: AudioFormat
    private let samples: [Int16]
    private var position = 0

    /// Decodes all of `reader`; nil when it is long or not 16-bit (it is then streamed).
    public init?(_ reader: SoundFileReader) {
        guard reader.isSixteenBit, let frames = reader.frameCount,
              Double(frames) <= Self.maximumSeconds * Double(reader.format.sampleRate)
        else { return nil }
        guard let decoded = try? reader.readAllShorts(frames: frames) else {
            // Streamed after all, from the start.
            try? reader.rewind()
            return nil
        }
        format = reader.format
        samples = decoded
    }

    public var frameCount: Int? { samples.count / format.channels }
    public var isSixteenBit: Bool { true }
    public var sixteenBitSamples: (any SixteenBitReading)? { self }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        let (first, count) = advance(frames)
        samples.withUnsafeBufferPointer { all in
            let source = all.baseAddress! + first
            for index in 0..<(count * format.channels) { buffer[index] = Float(source[index]) * (1 / 32768) }
        }
        return count
    }

    public func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws -> Int {
        let (first, count) = advance(frames)
        samples.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + first, count: count * format.channels) }
        return count
    }

    /// Takes up to `frames` frames: the first sample's index and how many frames there are.
    private func advance(_ frames: Int) -> (first: Int, count: Int) {
        let first = position
        let count = min(frames, (samples.count - position) / format.channels)
        position += count * format.channels
        return (first, count)
    }

    public func rewind() throws {
        position = 0
    }
}
