/// TEMPORARY until the schedule branch's JSON writer lands.
public indirect enum OutputJSON: Sendable {
    case string(String), number(Double), int(Int), bool(Bool), null
    case array([OutputJSON]), object([(String, OutputJSON)])

    public var pretty: String { render(indent: "") }

    private func render(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case let .string(s): return Self.quote(s)
        case let .number(n): return n.compact
        case let .int(i): return String(i)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        case let .array(items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.render(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case let .object(pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n" + pairs.map { inner + Self.quote($0.0) + ": " + $0.1.render(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
