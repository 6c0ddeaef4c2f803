import Foundation

/// Decoded audio from a WAV file or a raw recording: interleaved samples as Float in -1...1.
public struct WAVAudio: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    public var interleaved: [Float]

    public init(sampleRate: Int, channels: Int, interleaved: [Float]) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.interleaved = interleaved
    }

    public var frames: Int { channels > 0 ? interleaved.count / channels : 0 }
    public var duration: Double { Double(frames) / Double(sampleRate) }

    public func channel(_ index: Int) -> Signal {
        let samples = stride(from: index, to: frames * channels, by: channels).map { interleaved[$0] }
        return Signal(samples: samples, sampleRate: sampleRate)
    }

    /// All channels averaged.
    public var mono: Signal {
        guard channels > 1 else { return Signal(samples: interleaved, sampleRate: sampleRate) }
        let scale = 1 / Float(channels)
        let samples = (0..<frames).map { frame in
            (0..<channels).reduce(Float(0)) { $0 + interleaved[frame * channels + $1] } * scale
        }
        return Signal(samples: samples, sampleRate: sampleRate)
    }
}

/// How raw sample bytes are laid out (`parec --format=s16le` / `float32le`, WAV data).
public enum SampleEncoding: Sendable, Equatable {
    case unsigned8, signed16LE, signed24LE, signed32LE, float32LE, float64LE

    var bytesPerSample: Int {
        switch self {
        case .unsigned8: return 1
        case .signed16LE: return 2
        case .signed24LE: return 3
        case .signed32LE, .float32LE: return 4
        case .float64LE: return 8
        }
    }
}

public struct WAVError: Error, CustomStringConvertible {
    public var description: String
}

/// Reads RIFF/WAVE (PCM 8/16/24/32-bit, IEEE float 32/64, WAVE_FORMAT_EXTENSIBLE) and raw
/// recordings. Tolerates what capture tools leave behind: a data chunk whose size was never
/// filled in (0 or 0xFFFFFFFF) or claims more than the file holds is read to the end of the file.
public enum WAVReader {
    public static func read(path: String) throws -> WAVAudio {
        try parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    public static func parse(_ bytes: [UInt8]) throws -> WAVAudio {
        guard bytes.count >= 12, ascii(bytes, 0) == "RIFF", ascii(bytes, 8) == "WAVE" else {
            throw WAVError(description: "not a RIFF/WAVE file")
        }
        var format: (encoding: SampleEncoding, channels: Int, rate: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = ascii(bytes, offset)
            let declared = Int(le32(bytes, offset + 4))
            let body = offset + 8
            if id == "fmt " {
                format = try parseFormat(bytes, at: body)
            } else if id == "data" {
                guard let format else { throw WAVError(description: "data chunk before fmt chunk") }
                let available = bytes.count - body
                let length = declared == 0 || declared > available ? available : declared
                return raw(Array(bytes[body..<(body + length)]), encoding: format.encoding,
                           sampleRate: format.rate, channels: format.channels)
            }
            offset = body + declared + (declared & 1)
        }
        throw WAVError(description: "no data chunk")
    }

    /// Raw interleaved samples without a header, e.g. `parec --raw` output.
    public static func raw(_ bytes: [UInt8], encoding: SampleEncoding, sampleRate: Int, channels: Int) -> WAVAudio {
        let size = encoding.bytesPerSample
        let count = bytes.count / (size * channels) * channels
        let samples = (0..<count).map { decode(bytes, at: $0 * size, encoding) }
        return WAVAudio(sampleRate: sampleRate, channels: channels, interleaved: samples)
    }

    private static func parseFormat(_ bytes: [UInt8], at offset: Int) throws
        -> (encoding: SampleEncoding, channels: Int, rate: Int)
    {
        guard offset + 16 <= bytes.count else { throw WAVError(description: "short fmt chunk") }
        var tag = Int(le16(bytes, offset))
        let channels = Int(le16(bytes, offset + 2))
        let rate = Int(le32(bytes, offset + 4))
        let bits = Int(le16(bytes, offset + 14))
        if tag == 0xFFFE, offset + 26 <= bytes.count {
            tag = Int(le16(bytes, offset + 24))  // the sub-format GUID starts with the plain tag
        }
        let encoding: SampleEncoding
        switch (tag, bits) {
        case (1, 8): encoding = .unsigned8
        case (1, 16): encoding = .signed16LE
        case (1, 24): encoding = .signed24LE
        case (1, 32): encoding = .signed32LE
        case (3, 32): encoding = .float32LE
        case (3, 64): encoding = .float64LE
        default: throw WAVError(description: "unsupported WAV format tag \(tag) with \(bits) bits")
        }
        guard channels > 0, rate > 0 else { throw WAVError(description: "bad channels or rate") }
        return (encoding, channels, rate)
    }

    private static func decode(_ bytes: [UInt8], at offset: Int, _ encoding: SampleEncoding) -> Float {
        switch encoding {
        case .unsigned8:
            return (Float(bytes[offset]) - 128) / 128
        case .signed16LE:
            return Float(Int16(bitPattern: le16(bytes, offset))) / 32768
        case .signed24LE:
            let value = Int32(bitPattern: UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16
                | UInt32(bytes[offset + 2]) << 24) >> 8
            return Float(value) / 8_388_608
        case .signed32LE:
            return Float(Double(Int32(bitPattern: le32(bytes, offset))) / 2_147_483_648)
        case .float32LE:
            return Float(bitPattern: le32(bytes, offset))
        case .float64LE:
            return Float(Double(bitPattern: UInt64(le32(bytes, offset)) | UInt64(le32(bytes, offset + 4)) << 32))
        }
    }

    private static func ascii(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
    }

    private static func le16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(le16(bytes, offset)) | UInt32(le16(bytes, offset + 2)) << 16
    }
}
