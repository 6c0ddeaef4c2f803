/// An `AudioSource` over samples already in memory: generated tones, which are a few
/// seconds long and cheap to keep.
public final class SampleBufferSource: AudioSource {
    public let format: AudioFormat
    public let samples: [Float]
    private var position = 0

    public init(format: AudioFormat, samples: [Float]) {
        precondition(samples.count % format.channels == 0, "samples must hold whole frames")
        self.format = format
        self.samples = samples
    }

    public var frameCount: Int? { samples.count / format.channels }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        let available = (samples.count - position) / format.channels
        let count = min(frames, available)
        let sampleCount = count * format.channels
        samples.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + position, count: sampleCount)
        }
        position += sampleCount
        return count
    }

    public func rewind() throws {
        position = 0
    }
}
