/// Sample rate and channel layout of a stream of interleaved frames.
public struct AudioFormat: Sendable, Equatable, CustomStringConvertible {
    public var sampleRate: Int
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    public var description: String { "\(sampleRate) Hz, \(channels) ch" }
}

/// A pull-based stream of decoded audio: interleaved `Float` samples, nominally in -1...1
/// (lossy decoders may overshoot; the player clamps). Sources are read block by block so a
/// 20-minute file costs the same memory as a 2-second one.
public protocol AudioSource: AnyObject {
    var format: AudioFormat { get }
    /// Length in frames when known up front.
    var frameCount: Int? { get }
    /// Reads up to `frames` frames into `buffer` (room for `frames * channels` samples).
    /// Returns the number of frames read; 0 means the end of the sound.
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) throws -> Int
    /// Goes back to the first frame, for seamless looping.
    func rewind() throws
    /// True when the sound holds no more than 16 bits a sample (most WAV and FLAC files, the
    /// tones): the device is then fed S16, half the bytes of float through a sound server, with
    /// nothing lost.
    var isSixteenBit: Bool { get }
    /// The sound's own 16-bit samples, for a device fed S16 when nothing changes them (unity
    /// gain, no fade left): they then go to ALSA untouched, with no float conversion on the way
    /// and back. Nil when the source has no such samples (generated, converted, mixed).
    var sixteenBitSamples: (any SixteenBitReading)? { get }
    /// Why a source opened ahead (during the pre-roll) cannot play at its ring's second, so the
    /// ring falls back at once; nil when it can (a live stream that has produced nothing yet cannot).
    var notReadyReason: String? { get }
}

extension AudioSource {
    public var isSixteenBit: Bool { false }
    public var sixteenBitSamples: (any SixteenBitReading)? { nil }
    public var notReadyReason: String? { nil }
}

/// The 16-bit side of a source that stores 16-bit samples. It reads from the same position as the
/// source's float `read` and is rewound by the source's `rewind`, so a playback may switch from
/// floats to these at any block (when a fade-in ends).
public protocol SixteenBitReading: AnyObject {
    /// Reads up to `frames` frames into `buffer` (room for `frames * channels` samples), exactly
    /// as stored; 0 means the end of the sound.
    func read(into buffer: UnsafeMutablePointer<Int16>, frames: Int) throws -> Int
}
