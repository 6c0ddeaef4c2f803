import AlarmCore

/// A playlist in a sound folder: `.m3u`/`.m3u8` (a line per entry, `#` lines aside) or `.pls`
/// (`File1=`, `File2=`, … in their numbers' order). An entry is a stream URL or a sound file, a
/// relative path taken from the playlist's folder. Pure: text in, entries out.
public enum PlaylistFile {
    public static let extensions: Set<String> = ["m3u", "m3u8", "pls"]
    /// More entries than any morning needs are left out: a huge file must not cost a ring.
    public static let entryLimit = 500

    public enum Entry: Sendable, Equatable {
        case file(path: String)
        case stream(url: String)
    }

    public static func entries(_ text: String, fileExtension: String, folder: String) -> [Entry] {
        let lines: [String] = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        let items: [String]
        if fileExtension.lowercased() == "pls" {
            var numbered: [(number: Int, item: String)] = []
            for line in lines {
                guard line.lowercased().hasPrefix("file"), let equals = line.firstIndex(of: "="),
                      let number = Int(line[line.index(line.startIndex, offsetBy: 4)..<equals]) else { continue }
                numbered.append((number, line[line.index(after: equals)...].trimmingWhitespace()))
            }
            items = numbered.sorted { $0.number < $1.number }.map { $0.item }
        } else {
            items = lines.filter { !$0.hasPrefix("#") }
        }
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
