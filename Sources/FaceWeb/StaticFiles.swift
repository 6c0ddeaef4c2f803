import AlarmCore

/// The page's files (`index.html`, its script and style, and the night clock's), read once when `run` starts from the
/// `Web/` folder that ships beside `Sounds/` (or `PREFIX/share/alarmplay/web`).
public struct StaticFiles: Sendable {
    public static let names = [
        "index.html", "style.css", "i18n.js", "app-text.js", "app-api.js", "app-live.js", "app-editor.js", "app-sounds.js",
        "app-stopwatch.js", "app-timers.js", "app.js", "clock.html", "clock.js", "clock.css",
    ]
    /// Addresses without their file's suffix: the night clock is `/clock`.
    package static let pages = ["clock": "clock.html"]
    private var files: [String: HTTPResponse] = [:]
    public private(set) var folder: String?

    public init(folder: String? = FileSystem.shippedFolder(["Web", "share/alarmplay/web"])) {
        self.folder = folder
        guard let folder else { return }
        for name in Self.names {
            guard let text = FileSystem.readText(folder + "/" + name) else { continue }
            files[name] = HTTPResponse(status: 200, contentType: Self.contentType(name), body: Array(text.utf8))
        }
    }

    public var isComplete: Bool { files.count == Self.names.count }

    /// The file a path asks for (`/` is the page); nil when there is no such file.
    public func response(for path: String) -> HTTPResponse? {
        let asked = String(path.dropFirst())
        let name = path == "/" ? "index.html" : Self.pages[asked] ?? asked
        return files[name]
    }

    package static func contentType(_ name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        return "text/css; charset=utf-8"
    }
}
