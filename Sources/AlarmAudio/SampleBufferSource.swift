import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// An `AudioSource` over samples already in memory: generated tones, which are a few
/// seconds long and cheap to keep.
public final class SampleBufferSource: AudioSource {
    public let format: AudioFormat
    public let samples: [Float]
    /// Frames of raised-cosine fade at the very start, first pass only: a tone whose loop is
    /// seamless (the siren) may begin at full swing, which is a click when it starts from
    /// silence; later passes follow on from the previous one and must not dip.
    public let softStartFrames: Int
    private var position = 0
    private var isFirstPass = true

    public init(format: AudioFormat, samples: [Float], softStartFrames: Int = 0) {
        precondition(samples.count % format.channels == 0, "samples must hold whole frames")
        self.format = format
        self.samples = samples
        self.softStartFrames = softStartFrames
    }

    public var frameCount: Int? { samples.count / format.channels }

    /// Generated tones lose nothing audible at 16 bits.
    public var isSixteenBit: Bool { true }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        let available = (samples.count - position) / format.channels
        let count = min(frames, available)
        let sampleCount = count * format.channels
        samples.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + position, count: sampleCount)
        }
        let firstFrame = position / format.channels
        if isFirstPass, firstFrame < softStartFrames {
            for frame in firstFrame..<min(firstFrame + count, softStartFrames) {
                let gain = Float(0.5 - 0.5 * cos(Double.pi * Double(frame) / Double(softStartFrames)))
                for channel in 0..<format.channels { buffer[(frame - firstFrame) * format.channels + channel] *= gain }
            }
        }
        position += sampleCount
        return count
    }

    public func rewind() throws {
        position = 0
        isFirstPass = false
    }
}
