#if canImport(Glibc)
import Glibc
#endif

/// Reading a file a person names (the alarms file, a calendar, a station list): only a regular
/// file and only up to a size. A FIFO, a device or a runaway file in its place is refused at
/// once: opened without blocking, checked with `fstat`, read no further than the limit, so it
/// can neither hold the reader until someone writes to it nor fill memory without end.
public enum FileRead {
    /// Big enough for any file a person keeps (60,000 alarms are ~4 MB), small enough that
    /// reading and parsing one takes a moment, not the machine's memory.
    public static let defaultLimit = 16 << 20

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case notRegular(kind: String)
        case tooLarge(limit: Int)
        case failed(reason: String)

        public var description: String {
            switch self {
            case .missing: return tr("it does not exist")
            case let .notRegular(kind): return tr("it is {kind}, not a regular file", ["kind": kind])
            case let .tooLarge(limit): return tr("it is larger than {size} MB, more than any such file needs", ["size": String(limit >> 20)])
            case let .failed(reason): return reason
            }
        }
    }

    public static func bytes(_ path: String, limit: Int = defaultLimit) -> Result<[UInt8], Failure> {
        read(path, limit: limit, cut: false)
    }

    /// The first `limit` bytes of a file however large it is: for a file of which only the start
    /// is ever used (a playlist's first entries).
    public static func prefix(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        read(path, limit: limit, cut: true)
    }

    private static func read(_ path: String, limit: Int, cut: Bool) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT ? .missing : .failed(reason: FileSystem.lastErrorDescription()))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.failed(reason: FileSystem.lastErrorDescription())) }
        if let kind = kindName(info.st_mode) { return .failure(.notRegular(kind: kind)) }
        if Int(info.st_size) > limit, !cut { return .failure(.tooLarge(limit: limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(Int(info.st_size), limit))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(descriptor, &chunk, min(chunk.count, limit + 1 - bytes.count))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.failed(reason: FileSystem.lastErrorDescription())) }
            if count == 0 { return .success(bytes) }
            // A file that grows while it is read (or a /proc file that never ends) stops here too.
            guard bytes.count + count <= limit else {
                return cut ? .success(bytes + chunk[0..<(limit - bytes.count)]) : .failure(.tooLarge(limit: limit))
            }
            bytes += chunk[0..<count]
        }
    }

    /// What `path` is when it is not a regular file (`a FIFO`), without opening it (an open of a
    /// FIFO would wait for a writer); nil for a regular file or one that is not there.
    public static func special(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return kindName(info.st_mode)
    }

    /// What a file that is not a regular one is, in words; nil for a regular file.
    private static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return tr("a directory")
        case S_IFIFO: return tr("a FIFO")
        case S_IFCHR: return tr("a character device")
        case S_IFBLK: return tr("a block device")
        case S_IFSOCK: return tr("a socket")
        default: return tr("a special file")
        }
    }
}
