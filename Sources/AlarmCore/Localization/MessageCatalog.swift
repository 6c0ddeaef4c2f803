/// One compiled gettext catalog (`LANG/LC_MESSAGES/alarmplay.mo`) read as a whole, for the page:
/// the browser gets every translation as JSON and looks messages up itself, so the server never
/// switches its own language. The CLI goes through glibc's `dgettext` instead.
public struct MessageCatalog: Sendable {
    /// Original → translation; a plural entry's key is `singular\0plural` and its value the forms
    /// joined by `\0`, as in the file.
    public private(set) var messages: [String: String] = [:]
    /// The catalog's `Plural-Forms` expression (`n != 1`, `0`), for the browser to evaluate.
    public private(set) var pluralRule = "n != 1"

    /// Nil when the file is missing or not a catalog.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        func word(_ offset: Int, _ littleEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            var value = 0
            for index in 0..<4 {
                value = value << 8 | Int(bytes[offset + (littleEndian ? 3 - index : index)])
            }
            return value
        }
        guard let magic = word(0, true), magic == 0x9504_12de || magic == 0xde12_0495 else { return nil }
        let little = magic == 0x9504_12de
        guard let count = word(8, little), let originals = word(12, little), let translations = word(16, little) else { return nil }
        func string(_ table: Int, _ index: Int) -> String? {
            guard let length = word(table + index * 8, little), let offset = word(table + index * 8 + 4, little),
                  offset + length <= bytes.count else { return nil }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        for index in 0..<count {
            guard let original = string(originals, index), let translation = string(translations, index) else { return nil }
            if original.isEmpty {
                pluralRule = Self.pluralRule(header: translation) ?? pluralRule
            } else {
                messages[original] = translation
            }
        }
    }

    /// `Plural-Forms: nplurals=2; plural=(n != 1);` → `(n != 1)`.
    package static func pluralRule(header: String) -> String? {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }),
              let start = line.firstRange(of: "plural=")?.upperBound else { return nil }
        return String(line[start...].prefix { $0 != ";" })
    }

    public var json: JSONValue {
        .object(messages.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
    }
}
