#if canImport(Glibc)
import Glibc
#endif

/// Where commands write. Standard output carries results (tables, JSON); standard error carries
/// errors, logs and progress, so `--json` output stays machine-readable. Writes go straight to
/// the file descriptors: no stdio buffer to flush on the many exit paths, and no shared
/// mutable `FILE *` globals under strict concurrency.
public struct Console: Sendable {
    public init() {}

    public func out(_ line: String) {
        Self.write(line + "\n", to: STDOUT_FILENO)
    }

    public func err(_ line: String) {
        Self.write(line + "\n", to: STDERR_FILENO)
    }

    /// Writes without a newline (progress and status lines).
    public func writeRaw(_ text: String, toError: Bool = false) {
        Self.write(text, to: toError ? STDERR_FILENO : STDOUT_FILENO)
    }

    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
