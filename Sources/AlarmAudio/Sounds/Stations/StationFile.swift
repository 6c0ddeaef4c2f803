import AlarmCore

/// A radio station as a small file in a sound folder: `.m3u`/`.m3u8` (first URL, title from
/// `#EXTINF:-1,Title`), `.pls` (`File1=`, `Title1=`) or `.url` (one URL). Pure: text in, station out.
public struct StationFile: Sendable, Equatable {
    public static let extensions: Set<String> = ["m3u", "m3u8", "pls", "url"]

    public var url: String
    public var title: String?

    public init(url: String, title: String?) {
        self.url = url
        self.title = title
    }

    /// The station, or why the file is not one (shown as the sound's broken reason).
    public static func parse(_ text: String, fileExtension: String) -> Result<StationFile, StationFileError> {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            .map { Substring($0) }
        var url: String?
        var title: String?
        switch fileExtension.lowercased() {
        case "pls":
            for line in lines {
                if line.lowercased().hasPrefix("file1="), url == nil { url = line.dropFirst(6).trimmingWhitespace() }
                if line.lowercased().hasPrefix("title1="), title == nil { title = line.dropFirst(7).trimmingWhitespace() }
            }
        case "m3u", "m3u8":
            for line in lines where url == nil {
                if line.hasPrefix("#EXTINF:"), let comma = line.firstIndex(of: ",") {
                    title = line[line.index(after: comma)...].trimmingWhitespace()
                } else if !line.hasPrefix("#") {
                    url = String(line)
                }
            }
        default:
            url = lines.first { !$0.hasPrefix("#") }.map(String.init)
        }
        guard let url else { return .failure(StationFileError(reason: tr("no stream URL in the file"))) }
        guard let scheme = url.split(separator: ":").first?.lowercased(), ["http", "https", "rtsp", "rtmp", "mms"].contains(scheme),
              host(of: url) != nil
        else { return .failure(StationFileError(reason: tr("\"{url}\" is not an http(s) stream URL", ["url": url]))) }
        return .success(StationFile(url: url, title: title.flatMap { $0.isEmpty ? nil : $0 }))
    }

    /// `http://radio.example:8000/live` → `radio.example`.
    public static func host(of url: String) -> String? {
        guard let separator = url.indices.first(where: { url[$0...].hasPrefix("://") }) else { return nil }
        let authority = url[url.index(separator, offsetBy: 3)...].prefix { $0 != "/" && $0 != "?" }
        let host = authority.split(separator: "@").last.map { $0.hasPrefix("[") ? String($0.prefix { $0 != "]" }) + "]" : String($0.prefix { $0 != ":" }) }
        return host.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var host: String { Self.host(of: url) ?? url }
}

public struct StationFileError: Error, Sendable, Equatable {
    public var reason: String
}
