/// A short sound file decoded once into memory as 16-bit samples and replayed from there: a ring
/// loops its sound for minutes, and decoding FLAC again on every pass costs more CPU than the
/// output itself (about 25 ms per 30 s). Kept as Int16, half the memory of float; converted a
/// block at a time on read.
public final class DecodedClip: AudioSource {
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

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        let count = min(frames, (samples.count - position) / format.channels)
        let sampleCount = count * format.channels
        samples.withUnsafeBufferPointer { all in
            let source = all.baseAddress! + position
            for index in 0..<sampleCount { buffer[index] = Float(source[index]) * (1 / 32768) }
        }
        position += sampleCount
        return count
    }

    public func rewind() throws {
        position = 0
    }
}
