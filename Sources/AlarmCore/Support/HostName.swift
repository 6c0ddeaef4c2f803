#if canImport(Glibc)
import Glibc
#endif

/// This machine's host name (`gethostname`), for names shown to people and default ids.
public enum HostName {
    public static func current() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return name.isEmpty ? "localhost" : name
    }
}

/// A file named on the command line that cannot be read (exit 66).
public struct FileReadError: UserFacingError {
    public var path: String
    public var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
    public var exitCode: ExitCode { .noInput }
}
