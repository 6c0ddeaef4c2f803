/// The languages the page can be shown in: English, and each catalog in the locale folder.
/// Picks one for a request from `?lang=` (the page's picker) or `Accept-Language` (the browser's).
public struct PageLanguages: Sendable {
    public var folder: String?

    public init(folder: String? = Messages.folder) {
        self.folder = folder
    }

    public var available: [String] {
        let found = folder.map { folder in
            (FileSystem.contents(of: folder) ?? []).filter { FileSystem.exists("\(folder)/\($0)/LC_MESSAGES/\(Messages.domain).mo") }
        } ?? []
        return (["en"] + found).sorted()
    }

    /// The first of the wanted languages there is (`ko-KR` finds `ko`), else English.
    public func choose(query: String?, acceptLanguage: String?) -> String {
        let wanted = (query.map { [$0] } ?? []) + Self.ranked(acceptLanguage ?? "")
        let have = available
        for language in wanted {
            let primary = String(language.lowercased().prefix { $0.isLetter })
            if have.contains(primary) { return primary }
        }
        return "en"
    }

    /// `de-DE,de;q=0.9,en;q=0.5` → `de-DE, de, en`, by weight, keeping the order among equals.
    package static func ranked(_ header: String) -> [String] {
        let entries: [(String, Double)] = header.split(separator: ",").compactMap { part in
            let pieces = part.split(separator: ";").map(\.trimmingSpaces)
            guard let tag = pieces.first, !tag.isEmpty, tag != "*" else { return nil }
            let weight = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (tag, weight)
        }
        return entries.enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element.0)
    }

    /// The catalog as the page reads it (`GET /api/messages`).
    public func response(language: String) -> JSONValue {
        let catalog = folder.flatMap { FileSystem.readBytes("\($0)/\(language)/LC_MESSAGES/\(Messages.domain).mo") }.flatMap(MessageCatalog.init)
        return [
            "language": .string(language),
            "languages": .array(available.map(JSONValue.string)),
            "plural": .string(catalog?.pluralRule ?? "n != 1"),
            "messages": catalog?.json ?? .object([]),
        ]
    }
}
