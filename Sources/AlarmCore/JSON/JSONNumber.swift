/// A JSON number kept as the text it was written as, so a file read and written back shows
/// `0.60` and `90` unchanged, and integers never turn into `90.0`.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    /// `text` must already be valid JSON number syntax (the parser checks it).
    package init(text: String) {
        self.text = text
    }

    public init(_ value: Int) {
        text = String(value)
    }

    /// Shortest text that reads back as the same Double; whole numbers without `.0`.
    /// Callers must not pass NaN or infinity (JSON has no spelling for them).
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON numbers must be finite")
        if value == value.rounded(), abs(value) < 1e15 {
            text = String(Int(value))
        } else {
            text = String(value).replacingExponent()
        }
    }

    public var double: Double? { Double(text) }

    /// The value as an integer when the text is a whole number (`90`, also `90.0` and `9e1`).
    public var int: Int? {
        if let value = Int(text) { return value }
        guard let value = Double(text), value == value.rounded(), abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    public var description: String { text }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    package static func isValidSyntax(_ text: ArraySlice<UInt8>) -> Bool {
        var i = text.startIndex
        func digits() -> Int {
            let begin = i
            while i < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[i]) { i += 1 }
            return i - begin
        }
        if i < text.endIndex, text[i] == UInt8(ascii: "-") { i += 1 }
        guard i < text.endIndex else { return false }
        if text[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < text.endIndex, text[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { return false }
        }
        if i < text.endIndex, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < text.endIndex, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { return false }
        }
        return i == text.endIndex
    }
}

private extension String {
    /// Swift prints `1e-07`; JSON accepts that, but `1e-7` is what people write.
    func replacingExponent() -> String {
        guard let e = firstIndex(of: "e") else { return self }
        var exponent = self[index(after: e)...]
        var sign = ""
        if exponent.first == "-" || exponent.first == "+" {
            sign = exponent.first == "-" ? "-" : ""
            exponent = exponent.dropFirst()
        }
        let digits = exponent.drop { $0 == "0" }
        return String(self[..<e]) + "e" + sign + (digits.isEmpty ? "0" : String(digits))
    }
}
