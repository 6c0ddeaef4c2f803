/// Turns the bytes a raw-mode terminal sends into keys.
///
/// Esc is ambiguous: it is a key of its own and the first byte of arrow and function keys. Terminals
/// send a whole sequence in one write, so an ESC at the end of what was read is held back; the reader
/// calls `flush()` when nothing more arrives shortly after, and only then is it a lone Esc.
/// A UTF-8 character split across reads is held back the same way.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    package static let longestSequence = 64

    public init() {}

    /// True when bytes are held back waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty }

    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending, at: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Resolves what is held back once no more bytes are coming: a lone ESC is Esc; an unfinished
    /// sequence or character is dropped rather than guessed at.
    public mutating func flush() -> [Key] {
        defer { pending = [] }
        return pending == [0x1B] ? [.escape] : []
    }

    /// The key starting at `index` and the bytes it uses (a nil key consumes bytes that mean nothing,
    /// like the LF of a CR LF pair); nil when more bytes are needed to decide.
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B:
            return decodeEscape(bytes, at: index)
        case 0x0D:
            // CR LF from a paste is one Enter.
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (.enter, 2) }
            return (.enter, 1)
        case 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfTransmission, 1)
        case 0x20: return (.space, 1)
        case 0x00..<0x20: return (.control(byte), 1)
        default:
            guard let (character, length) = decodeCharacter(bytes, at: index) else { return nil }
            return (character.map(Key.character), length)
        }
    }

    private static func decodeEscape(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let introducer = bytes[index + 1]
        switch introducer {
        case UInt8(ascii: "["):
            // CSI: parameter and intermediate bytes (0x20...0x3F), then one final byte (0x40...0x7E).
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            // No key is this long: one that never ends is dropped, not held back without bound.
            if end - index > Self.longestSequence { return (nil, end - index) }
            guard end < bytes.count else { return nil }
            let sequence = Array(bytes[index...end])
            return (namedKey(sequence) ?? .sequence(sequence), end - index + 1)
        case UInt8(ascii: "O"):
            // SS3: arrows in application cursor mode, F1-F4.
            guard index + 2 < bytes.count else { return nil }
            let sequence = Array(bytes[index...(index + 2)])
            return (namedKey(sequence) ?? .sequence(sequence), 3)
        case 0x1B:
            return (.escape, 1)
        case 0x21...0x7E:
            return (.alt(Character(Unicode.Scalar(introducer))), 2)
        default:
            return (.escape, 1)
        }
    }

    private static func namedKey(_ sequence: [UInt8]) -> Key? {
        guard sequence.count == 3 else { return nil }
        switch sequence[2] {
        case UInt8(ascii: "A"): return .arrow(.up)
        case UInt8(ascii: "B"): return .arrow(.down)
        case UInt8(ascii: "C"): return .arrow(.right)
        case UInt8(ascii: "D"): return .arrow(.left)
        default: return nil
        }
    }

    /// A UTF-8 character; a nil character for an invalid byte, which is skipped.
    private static func decodeCharacter(_ bytes: [UInt8], at index: Int) -> (Character?, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x21...0x7E: return (Character(Unicode.Scalar(lead)), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else { return nil }
        let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        guard text.unicodeScalars.count == 1, text.unicodeScalars.first != "\u{FFFD}" else { return (nil, 1) }
        return (text.first, length)
    }
}
