/// Text files must be UTF-8: a byte that is not would silently become U+FFFD when decoded, and
/// an edit would write the replacement back. This finds the first such byte, where an editor
/// shows it (line, and column in scalars).
public enum UTF8Check {
    /// Nil when `bytes` are valid UTF-8, else the problem at the first invalid byte.
    public static func firstProblem(in bytes: [UInt8]) -> JSONProblem? {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                let hex = String(bytes[index], radix: 16, uppercase: true)
                return JSONProblem(tr("invalid UTF-8: byte 0x{byte} (save the file as UTF-8)", ["byte": hex.count == 1 ? "0" + hex : hex]),
                                   at: SourcePosition(line: line, column: column))
            }
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return nil
    }

    /// The length of the well-formed sequence starting at `index`, 0 when there is none.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let (length, low, high): (Int, UInt8, UInt8)
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
