/// One entry of `"skipDays"`: a file (relative to the alarms file) or an `http:`/`https:` URL,
/// whose copy lives in the cache folder (`CalendarFetcher` keeps it fresh).
public struct CalendarSource: Sendable, Hashable {
    /// As written in the alarms file.
    public var reference: String
    /// The file to read: the calendar itself, or a URL's cached copy.
    public var path: String

    public init(_ reference: String, alarmsPath: String, cacheFolder: String) {
        self.reference = reference
        if Self.isRemote(reference) {
            path = cacheFolder + "/" + Self.cacheName(of: reference)
        } else {
            path = reference.hasPrefix("/") ? reference : FileSystem.parent(of: alarmsPath) + "/" + reference
        }
    }

    public static func isRemote(_ reference: String) -> Bool {
        reference.hasPrefix("http://") || reference.hasPrefix("https://")
    }

    public var isRemote: Bool { Self.isRemote(reference) }

    /// What "why" lines call it: the file as written, a URL by its last part (`holidays.ics`).
    public var name: String {
        guard isRemote else { return reference }
        let path = reference.split(separator: "?").first.map(String.init) ?? reference
        return path.split(separator: "/").last.map(String.init) ?? reference
    }

    /// A URL's cached copy: its last part, made safe, and a hash of the whole URL so two feeds
    /// called `basic.ics` do not share a copy.
    package static func cacheName(of url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
        }
        let base = String((url.split(separator: "/").last ?? "calendar").prefix(40).map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return String(hash, radix: 16) + "-" + base
    }
}
