/// Reads JSON (RFC 8259) recording the position of every value and key, keeping key order, and
/// describing mistakes people make when editing by hand. Trailing commas, duplicate keys, bad
/// escapes and malformed numbers are reported and parsing goes on, so one run shows them all;
/// anything that leaves the structure unclear (truncation, a missing comma) stops it.
public struct JSONParser {
    public static func parse(_ text: String) -> JSONParseResult {
        var parser = JSONParser(bytes: Array(text.utf8))
        let value = parser.parseDocument()
        return JSONParseResult(value: value, problems: parser.problems)
    }

    /// The value, or every problem when there is any.
    public static func parseStrict(_ text: String) throws(JSONParseError) -> JSONValue {
        let result = parse(text)
        guard let value = result.value, result.problems.isEmpty else {
            throw JSONParseError(problems: result.problems)
        }
        return value
    }

    /// `\n` and friends: the byte after the backslash and the byte it stands for.
    private static let simpleEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    /// Stops stack exhaustion on hostile input; real alarm files nest three deep.
    package static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private(set) package var problems: [JSONProblem] = []

    private struct Stop: Error {}

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func report(_ message: String, at position: SourcePosition) {
        problems.append(JSONProblem(message, at: position))
    }

    private mutating func fail(_ message: String, at position: SourcePosition) -> Stop {
        report(message, at: position)
        return Stop()
    }

    private mutating func parseDocument() -> JSONValue? {
        do {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            skipWhitespace()
            let value = try parseValue()
            skipWhitespace()
            if current != nil {
                throw fail(tr("unexpected {found} after the end of the JSON value", ["found": describeCurrent()]), at: position)
            }
            return value
        } catch {
            return nil
        }
    }

    private mutating func parseValue() throws(Stop) -> JSONValue {
        let start = position
        guard let byte = current else {
            throw fail(tr("unexpected end of file, expected a value"), at: start)
        }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return parseNumber()
        case UInt8(ascii: "'"):
            throw fail(tr("strings must use double quotes, not single quotes"), at: start)
        case UInt8(ascii: "/"):
            throw fail(tr("comments are not allowed in JSON"), at: start)
        default:
            if isWordByte(byte) { return try parseLiteral() }
            throw fail(tr("unexpected {found}, expected a value", ["found": describeCurrent()]), at: start)
        }
    }

    private mutating func enter(_ start: SourcePosition) throws(Stop) {
        depth += 1
        if depth > Self.maximumDepth {
            throw fail(tr("nesting deeper than {n} levels", ["n": String(Self.maximumDepth)]), at: start)
        }
    }

    private mutating func parseObject() throws(Stop) -> JSONValue {
        let start = position
        try enter(start)
        defer { depth -= 1 }
        advance()
        var members: [JSONMember] = []
        var firstSeen: [String: SourcePosition] = [:]
        var commaPosition: SourcePosition?
        while true {
            skipWhitespace()
            guard let byte = current else {
                throw fail(tr("unexpected end of file, expected '}'"), at: position)
            }
            if byte == UInt8(ascii: "}") {
                if let commaPosition { report(tr("trailing comma before '}'"), at: commaPosition) }
                advance()
                return JSONValue(.object(members), at: start)
            }
            if byte != UInt8(ascii: "\"") {
                if members.isEmpty || commaPosition != nil {
                    let start = position
                    throw fail(unquotedKeyMessage(), at: start)
                }
                throw fail(tr("expected ',' or '}', got {found}", ["found": describeCurrent()]), at: position)
            }
            if !members.isEmpty && commaPosition == nil {
                throw fail(tr("missing ',' between members"), at: position)
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                if current == nil { throw fail(tr("unexpected end of file, expected '}'"), at: position) }
                throw fail(tr("expected ':' after \"{key}\", got {found}", ["key": key, "found": describeCurrent()]), at: position)
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            if let first = firstSeen[key] {
                report(tr("duplicate key \"{key}\" (first at {first})", ["key": key, "first": first.description]), at: keyPosition)
            } else {
                firstSeen[key] = keyPosition
                members.append(JSONMember(key, value, keyPosition: keyPosition))
            }
            skipWhitespace()
            commaPosition = nil
            if current == UInt8(ascii: ",") {
                commaPosition = position
                advance()
            }
        }
    }

    private mutating func parseArray() throws(Stop) -> JSONValue {
        let start = position
        try enter(start)
        defer { depth -= 1 }
        advance()
        var elements: [JSONValue] = []
        var commaPosition: SourcePosition?
        while true {
            skipWhitespace()
            guard let byte = current else {
                throw fail(tr("unexpected end of file, expected ']'"), at: position)
            }
            if byte == UInt8(ascii: "]") {
                if let commaPosition { report(tr("trailing comma before ']'"), at: commaPosition) }
                advance()
                return JSONValue(.array(elements), at: start)
            }
            if !elements.isEmpty && commaPosition == nil {
                if byte == UInt8(ascii: "}") {
                    throw fail(tr("expected ',' or ']', got '}'"), at: position)
                }
                throw fail(tr("missing ',' between elements"), at: position)
            }
            elements.append(try parseValue())
            skipWhitespace()
            commaPosition = nil
            if current == UInt8(ascii: ",") {
                commaPosition = position
                advance()
            }
        }
    }

    private mutating func parseString() throws(Stop) -> String {
        let start = position
        advance()
        var scalars: [UInt8] = []
        var runStart = index
        while true {
            guard let byte = current, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
                throw fail(tr("unterminated string (missing closing '\"')"), at: start)
            }
            if byte == UInt8(ascii: "\"") {
                scalars += bytes[runStart..<index]
                advance()
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                scalars += bytes[runStart..<index]
                try parseEscape(into: &scalars)
                runStart = index
                continue
            }
            if byte < 0x20 {
                report(tr("control character in string (write it as an escape such as \\t)"), at: position)
            }
            advance()
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(Stop) {
        let start = position
        advance()
        guard let byte = current else {
            throw fail(tr("unterminated string (missing closing '\"')"), at: start)
        }
        advance()
        if let replacement = Self.simpleEscapes[byte] {
            output.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            let shown = String(decoding: [byte], as: UTF8.self)
            report(tr("invalid escape \"\\{escape}\" in string (valid: {valid})", ["escape": shown, "valid": "\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"]), at: start)
            if byte >= 0x20 && byte < 0x80 { output.append(byte) }
            return
        }
        var unit = readHex4(escapeStart: start)
        if let high = unit, (0xD800..<0xDC00).contains(high),
            current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        {
            advance()
            advance()
            if let low = readHex4(escapeStart: start), (0xDC00..<0xE000).contains(low) {
                unit = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
        }
        var scalar: Unicode.Scalar = "\u{FFFD}"
        if let unit {
            if let valid = Unicode.Scalar(unit) {
                scalar = valid
            } else {
                report(tr("invalid \\u escape: unpaired surrogate"), at: start)
            }
        }
        output += Array(String(scalar).utf8)
    }

    private mutating func readHex4(escapeStart: SourcePosition) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else {
                report(tr("invalid \\u escape (expected four hex digits)"), at: escapeStart)
                return nil
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() -> JSONValue {
        let start = position
        let first = index
        while let byte = current, isNumberByte(byte) { advance() }
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        if JSONNumber.isValidSyntax(bytes[first..<index]) {
            return JSONValue(.number(JSONNumber(text: text)), at: start)
        }
        report(tr("invalid number \"{value}\"", ["value": text]), at: start)
        if let value = Double(text), value.isFinite {
            return JSONValue(.number(JSONNumber(value)), at: start)
        }
        return JSONValue(.null, at: start)
    }

    private func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            return true
        default:
            return false
        }
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return byte >= 0x80
        }
    }

    private mutating func readWord() -> String {
        let first = index
        while let byte = current, isWordByte(byte) { advance() }
        return String(decoding: bytes[first..<index], as: UTF8.self)
    }

    private mutating func parseLiteral() throws(Stop) -> JSONValue {
        let start = position
        let word = readWord()
        switch word {
        case "true": return JSONValue(.bool(true), at: start)
        case "false": return JSONValue(.bool(false), at: start)
        case "null": return JSONValue(.null, at: start)
        default:
            if let literal = Suggestion.closest(to: word, in: ["true", "false", "null"]) {
                throw fail(tr("invalid literal \"{value}\" (did you mean \"{name}\"?)", ["value": word, "name": literal]), at: start)
            }
            throw fail(tr("invalid value \"{value}\" (strings need double quotes)", ["value": word]), at: start)
        }
    }

    private mutating func unquotedKeyMessage() -> String {
        guard let byte = current else { return tr("unexpected end of file, expected '}'") }
        if byte == UInt8(ascii: "'") { return "strings must use double quotes, not single quotes" }
        if byte == UInt8(ascii: "/") { return "comments are not allowed in JSON" }
        if isWordByte(byte) { return tr("object keys need double quotes: \"{key}\"", ["key": readWord()]) }
        return tr("expected a key in double quotes, got {found}", ["found": describeCurrent()])
    }

    /// The character at the current position, quoted, for messages.
    private func describeCurrent() -> String {
        guard index < bytes.count else { return tr("end of file") }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }
}
