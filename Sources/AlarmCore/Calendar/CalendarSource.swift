/// One calendar an alarm names (`"skipDays"`, `"fromCalendar"`): a file (relative to the alarms
/// file) or an `http:`/`https:` URL, whose copy lives in the cache folder (`CalendarFetcher` keeps
/// it fresh); or one of the file's `"calendars"` by its name.
public struct CalendarSource: Sendable, Hashable {
    /// The file or URL, as written in the alarms file.
    public var reference: String
    /// The file to read: the calendar itself, or a URL's cached copy.
    public var path: String
    /// What "why" lines call it: its name in `"calendars"`, the file as written, a URL by its last part (`holidays.ics`).
    public var name: String

    /// `names` are the file's `"calendars"`: a reference that is one of them stands for its file or URL.
    public init(_ reference: String, alarmsPath: String, cacheFolder: String, names: [String: String] = [:]) {
        let named = names[reference]
        self.reference = named ?? reference
        name = named == nil ? Self.shortName(of: reference) : reference
        if Self.isRemote(self.reference) {
            path = cacheFolder + "/" + Self.cacheName(of: self.reference)
        } else {
            path = self.reference.hasPrefix("/") ? self.reference : FileSystem.parent(of: alarmsPath) + "/" + self.reference
        }
    }

    public static func isRemote(_ reference: String) -> Bool {
        reference.hasPrefix("http://") || reference.hasPrefix("https://")
    }

    public var isRemote: Bool { Self.isRemote(reference) }

    private static func shortName(of reference: String) -> String {
        guard isRemote(reference) else { return reference }
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
