#if canImport(Glibc)
import Glibc
#endif

/// Small POSIX file helpers, so the rest of the code needs neither Foundation nor errno.
public enum FileSystem {
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// When the file last changed (epoch seconds); nil when it does not exist.
    public static func modificationTime(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mtim.tv_sec) : nil
    }

    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func basename(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Names in a directory, without `.` and `..`, sorted; nil when it cannot be read.
    public static func contents(of directory: String) -> [String]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Full path of program `name` in `path` (`$PATH`), nil when it is not installed.
    public static func executable(_ name: String, path: String?) -> String? {
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0, !isDirectory(candidate) { return candidate }
        }
        return nil
    }

    /// The zone `/etc/localtime` links to (`Europe/Berlin`), nil when it is no such link.
    public static func zoneName() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let marker = "zoneinfo/"
        guard let start = target.indices.first(where: { target[$0...].hasPrefix(marker) }) else { return nil }
        return String(target[target.index(start, offsetBy: marker.count)...])
    }

    /// A folder that ships with the program: the first of `candidates` (relative paths) found in
    /// the binary's folder or one of its parents, so both a checkout's `.build/release/alarmplay`
    /// and an installed `PREFIX/bin/alarmplay` find theirs.
    public static func shippedFolder(_ candidates: [String]) -> String? {
        guard let executable = executablePath() else { return nil }
        var directory = parent(of: executable)
        for _ in 0..<5 {
            if let found = candidates.map({ directory + "/" + $0 }).first(where: isDirectory) { return found }
            let up = parent(of: directory)
            if up == directory { break }
            directory = up
        }
        return nil
    }

    /// Whole contents of a small text file (state, the page's files); nil when missing or
    /// unreadable. Bytes that are not UTF-8 become U+FFFD: files people edit go through
    /// `readBytes` and `UTF8Check` instead.
    public static func readText(_ path: String) -> String? {
        readBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Nil when it is missing, unreadable, not a regular file or over `FileRead.defaultLimit`.
    public static func readBytes(_ path: String) -> [UInt8]? {
        try? FileRead.bytes(path).get()
    }

    /// `strerror` of the current errno, for messages.
    public static func lastErrorDescription() -> String {
        String(cString: strerror(errno))
    }
}

extension FileSystem {
    /// `mkdir -p`, with `mode` for the directories it creates.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o755) throws(SystemError) {
        if path.isEmpty || isDirectory(path) { return }
        let parent = parent(of: path)
        if parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0, errno != EEXIST {
            throw SystemError("mkdir \(path)")
        }
    }
}
