import AlarmCore

/// A short sound file that is decoded into memory when it repeats: a ring loops its sound for
/// minutes, and decoding FLAC again on every pass costs more CPU than the output itself (about
/// 25 ms per 30 s). The first pass streams from the file, so a sound played once (a preview, a
/// sequence's first part) never holds the whole clip; the rewind after the last frame decodes it
/// once (a few milliseconds, well inside the device's buffer) and later passes replay memory.
/// Kept as Int16, half the memory of float; handed to an S16 device as they are, or converted
/// to float a block at a time where a gain or fade applies.
public final class DecodedClip: AudioSource, SixteenBitReading {
    /// Longer sounds are always streamed: their memory would outweigh the decoding saved.
    public static let maximumSeconds = 12.0

    public let format: AudioFormat
    public let frameCount: Int?
    /// The file, until the clip is in memory.
    private var reader: SoundFileReader?
    private var samples: [Int16] = []
    private var position = 0
    private var reachedEnd = false

    /// Nil when `reader` is long, of unknown length or not 16-bit (it is then streamed as it is).
    public init?(_ reader: SoundFileReader) {
        guard reader.isSixteenBit, let frames = reader.frameCount,
              Double(frames) <= Self.maximumSeconds * Double(reader.format.sampleRate)
        else { return nil }
        format = reader.format
        frameCount = frames
        self.reader = reader
    }

    /// True once the clip is replayed from memory.
    public var isInMemory: Bool { reader == nil }
    public var isSixteenBit: Bool { true }
    public var sixteenBitSamples: (any SixteenBitReading)? { self }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        if let reader { return noteEnd(try reader.read(into: buffer, frames: frames)) }
        let (first, count) = advance(frames)
        samples.withUnsafeBufferPointer { all in
            let source = all.baseAddress! + first
            for index in 0..<(count * format.channels) { buffer[index] = Float(source[index]) * (1 / 32768) }
        }
        return count
    }

    public func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws -> Int {
        if let reader { return noteEnd(try reader.read(into: buffer, frames: frames)) }
        let (first, count) = advance(frames)
        samples.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + first, count: count * format.channels) }
        return count
    }

    private func noteEnd(_ count: Int) -> Int {
        if count == 0 { reachedEnd = true }
        return count
    }

    /// Takes up to `frames` frames: the first sample's index and how many frames there are.
    private func advance(_ frames: Int) -> (first: Int, count: Int) {
        let first = position
        let count = min(frames, (samples.count - position) / format.channels)
        position += count * format.channels
        return (first, count)
    }

    /// A rewind after the whole clip played is a repeat: the clip goes into memory. A rewind
    /// before that (a check that decoded its first second) only seeks the file.
    public func rewind() throws {
        position = 0
        guard let reader else { return }
        try reader.rewind()
        guard reachedEnd, let frames = frameCount else { return }
        do {
            samples = try reader.readAllShorts(frames: frames)
            self.reader = nil
        } catch {
            // Streamed after all, from the start.
            try reader.rewind()
        }
    }
}
