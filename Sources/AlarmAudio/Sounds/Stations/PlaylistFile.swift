import AlarmCore

/// A playlist in a sound folder: `.m3u`/`.m3u8` (a line per entry, `#` lines aside) or `.pls`
/// (`File1=`, `File2=`, … in their numbers' order). An entry is a stream URL or a sound file, a
/// relative path taken from the playlist's folder. Pure (text in, entries out) but for `head(of:)`.
public enum PlaylistFile {
    public static let extensions: Set<String> = ["m3u", "m3u8", "pls"]
    /// More entries than any morning needs are left out: a huge file must not cost a ring.
    public static let entryLimit = 500
    /// 500 entries of long paths with their `#EXTINF` lines fit in it.
    public static let readLimit = 256 << 10

    /// The start of the playlist at `path`, in whole lines: only that much is read, so a huge
    /// playlist (millions of lines) costs a scan or a ring no more than a small one.
    public static func head(of path: String) -> String? {
        guard var bytes = try? FileRead.prefix(path, limit: readLimit).get() else { return nil }
        if bytes.count == readLimit, let end = bytes.lastIndex(of: UInt8(ascii: "\n")) { bytes.removeSubrange(end...) }
        return String(decoding: bytes, as: UTF8.self)
    }

    public enum Entry: Sendable, Equatable {
        case file(path: String)
        case stream(url: String)
    }

    public static func entries(_ text: String, fileExtension: String, folder: String) -> [Entry] {
        let pls = fileExtension.lowercased() == "pls"
        var items: [String] = []
        var numbered: [(number: Int, item: String)] = []
        var rest = Substring(text)
        // Line by line and only as far as needed: an .m3u's first entries, a .pls's numbered lines.
        while !rest.isEmpty, pls || items.count < entryLimit {
            let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            let line = rest[..<end].trimmingWhitespace()
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
            if pls {
                guard line.lowercased().hasPrefix("file"), let equals = line.firstIndex(of: "="),
                      let number = Int(line[line.index(line.startIndex, offsetBy: 4)..<equals]) else { continue }
                numbered.append((number, line[line.index(after: equals)...].trimmingWhitespace()))
            } else if !line.isEmpty, !line.hasPrefix("#") {
                items.append(line)
            }
        }
        if pls { items = numbered.sorted { $0.number < $1.number }.map { $0.item } }
        return items.prefix(entryLimit).compactMap { item in
            if isURL(item) { return .stream(url: item) }
            // `file://` and plain paths alike; a URL of another scheme is not a sound.
            let path = item.hasPrefix("file://") ? String(item.dropFirst(7)) : item
            guard !path.contains("://"), !path.isEmpty else { return nil }
            return .file(path: path.hasPrefix("/") ? path : folder + "/" + path)
        }
    }

    public static func isURL(_ item: String) -> Bool {
        guard let scheme = item.split(separator: ":").first?.lowercased() else { return false }
        return ["http", "https", "rtsp", "rtmp", "mms"].contains(scheme) && item.contains("://")
    }
}
