import Foundation

/// Writes 16-bit PCM WAV files, for fixtures: a known tone to play as a file sound, a long
/// file for streaming tests, truncated files for the broken-file tests.
public enum WAVWriter {
    /// `interleaved` samples in -1...1 (clamped), `channels` per frame.
    public static func bytes(_ interleaved: [Float], sampleRate: Int, channels: Int) -> [UInt8] {
        let dataSize = interleaved.count * 2
        var out: [UInt8] = []
        out.reserveCapacity(44 + dataSize)
        out += Array("RIFF".utf8) + le32(36 + dataSize) + Array("WAVEfmt ".utf8) + le32(16)
        out += le16(1) + le16(channels) + le32(sampleRate) + le32(sampleRate * channels * 2)
        out += le16(channels * 2) + le16(16) + Array("data".utf8) + le32(dataSize)
        for sample in interleaved {
            let clamped = min(1, max(-1, sample))
            out += le16(Int(Int16((clamped * 32767).rounded())))
        }
        return out
    }

    public static func write(_ interleaved: [Float], sampleRate: Int, channels: Int, to path: String) throws {
        try Data(bytes(interleaved, sampleRate: sampleRate, channels: channels)).write(to: URL(fileURLWithPath: path))
    }

    private static func le16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    private static func le32(_ value: Int) -> [UInt8] {
        le16(value) + le16(value >> 16)
    }
}
