/// Writes JSON the same way every time: 2-space indent, members in their stored order, numbers
/// as written, short arrays of plain values on one line (`"days": ["mon", "fri"]`), so files
/// that tools rewrite keep small diffs.
public enum JSONWriter {
    /// Arrays of scalars at most this wide stay on one line.
    package static let inlineWidth = 72

    /// Pretty-printed, ending with a newline (for files and `--json` output).
    public static func pretty(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        output += "\n"
        return output
    }

    /// One line, no spaces after separators beyond `", "` and `": "` (for messages and logs).
    public static func compact(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(number): return number.text
        case let .string(text): return quoted(text)
        case let .array(elements): return "[" + elements.map(compact).joined(separator: ", ") + "]"
        case let .object(members):
            return "{" + members.map { quoted($0.key) + ": " + compact($0.value) }.joined(separator: ", ") + "}"
        }
    }

    private static func write(_ value: JSONValue, indent: String, into output: inout String) {
        switch value.kind {
        case let .array(elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            if elements.allSatisfy(\.isScalar) {
                let line = compact(value)
                if line.count <= inlineWidth {
                    output += line
                    return
                }
            }
            let inner = indent + "  "
            output += "[\n"
            for (offset, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, into: &output)
                output += offset == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case let .object(members):
            if members.isEmpty {
                output += "{}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (offset, member) in members.enumerated() {
                output += inner + quoted(member.key) + ": "
                write(member.value, indent: inner, into: &output)
                output += offset == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        default:
            output += compact(value)
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything
    /// else (including non-ASCII) as is.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

extension JSONValue {
    package var isScalar: Bool {
        switch kind {
        case .array, .object: return false
        default: return true
        }
    }
}
