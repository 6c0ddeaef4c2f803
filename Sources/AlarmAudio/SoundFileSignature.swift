/// What a sound file's first bytes must be for its extension. Checked before libsndfile sees the
/// file: on a garbage `.mp3` libmpg123 prints its own lines on stderr and libsndfile then gives a
/// misleading reason; this gives the true one and keeps stderr clean.
public enum SoundFileSignature {
    /// Nil when `header` (the file's first bytes) fits the extension, or the extension is not one
    /// this knows; else why the file cannot be what its name says.
    public static func problem(pathExtension: String, header: [UInt8]) -> String? {
        let kind = pathExtension.lowercased()
        guard let expected = expectations[kind] else { return nil }
        guard !header.isEmpty else { return "empty file" }
        if expected.matches(header) { return nil }
        let shown = header.prefix(4).map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        return "not a valid \(kind.uppercased()) file: it starts with \(shown) (expected \(expected.description))"
    }

    private struct Expectation: Sendable {
        var description: String
        var matches: @Sendable ([UInt8]) -> Bool
    }

    private static func starts(_ bytes: [UInt8], with text: String, at offset: Int = 0) -> Bool {
        let signature = Array(text.utf8)
        return bytes.count >= offset + signature.count && Array(bytes[offset..<(offset + signature.count)]) == signature
    }

    private static let ogg = Expectation(description: "an Ogg page, \"OggS\"") { starts($0, with: "OggS") }

    private static let expectations: [String: Expectation] = [
        "wav": Expectation(description: "\"RIFF\" or \"RF64\" with \"WAVE\"") {
            (starts($0, with: "RIFF") || starts($0, with: "RF64")) && starts($0, with: "WAVE", at: 8)
        },
        "flac": Expectation(description: "\"fLaC\" or an ID3 tag") { starts($0, with: "fLaC") || starts($0, with: "ID3") },
        "ogg": ogg, "oga": ogg, "opus": ogg,
        "mp3": Expectation(description: "an ID3 tag or an MPEG audio frame") { bytes in
            starts(bytes, with: "ID3") || (bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0)
        },
    ]
}
