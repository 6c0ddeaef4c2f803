import AlarmCore

/// Presents a source at another rate and channel count, so that the sounds of a sequence share
/// one device stream and follow each other without reopening it (no gap). Linear interpolation
/// between frames: for alarm sounds (tones, speech, radio) inaudibly different from a finer
/// resampler, and cheap. Mono is spread to both channels, stereo averaged to mono, more channels
/// reduced to their first two.
public final class FormatConverter: AudioSource {
    public let format: AudioFormat
    private let source: any AudioSource
    private let step: Double
    private var input: [Float] = []
    private var inputFrames = 0
    /// Where the next output frame falls, in input frames from the start of `input`.
    private var position = 0.0
    private var ended = false

    public init(_ source: any AudioSource, to format: AudioFormat) {
        self.source = source
        self.format = format
        step = Double(source.format.sampleRate) / Double(format.sampleRate)
    }

    public var frameCount: Int? {
        source.frameCount.map { Int((Double($0) / step).rounded(.down)) }
    }

    public var isSixteenBit: Bool { source.isSixteenBit }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int {
        var produced = 0
        while produced < frames {
            // Two input frames are needed around each output frame.
            if Int(position) + 1 >= inputFrames {
                if ended { break }
                try refill()
                continue
            }
            let index = Int(position)
            let fraction = Float(position - Double(index))
            for channel in 0..<format.channels {
                let a = sample(frame: index, channel: channel)
                let b = sample(frame: index + 1, channel: channel)
                buffer[produced * format.channels + channel] = a + (b - a) * fraction
            }
            produced += 1
            position += step
        }
        return produced
    }

    public func rewind() throws {
        try source.rewind()
        input = []
        inputFrames = 0
        position = 0
        ended = false
    }

    /// Keeps the last input frame (the next output frame may fall after it) and reads more.
    private func refill() throws {
        let channels = source.format.channels
        let keep = max(0, inputFrames - 1)
        let carried = inputFrames > 0 ? Array(input[(keep * channels)..<(inputFrames * channels)]) : []
        position -= Double(keep)
        var chunk = [Float](repeating: 0, count: 4096 * channels)
        let count = try chunk.withUnsafeMutableBufferPointer { try source.read(into: $0.baseAddress!, frames: 4096) }
        if count == 0 {
            ended = true
            // The very last frame still gets played, interpolated with itself.
            input = carried + carried
            inputFrames = carried.isEmpty ? 0 : 2
            return
        }
        input = carried + chunk[0..<(count * channels)]
        inputFrames = input.count / channels
    }

    private func sample(frame: Int, channel: Int) -> Float {
        let channels = source.format.channels
        let base = frame * channels
        switch (channels, format.channels) {
        case (1, _): return input[base]
        case (2, 1): return (input[base] + input[base + 1]) / 2
        default: return input[base + min(channel, channels - 1)]
        }
    }
}
