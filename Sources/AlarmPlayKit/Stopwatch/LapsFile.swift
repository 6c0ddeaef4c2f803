#if canImport(Glibc)
import Glibc
#endif

/// `--laps-file` could not be written.
public struct LapsFileError: UserFacingError {
    public var path: String
    public var reason: String

    public var description: String { "cannot write laps to \(path): \(reason)" }
    public var exitCode: ExitCode { .failure }
}

/// Writes the laps file atomically: a temporary file beside it, then `rename`, so a reader never
/// sees half a file and an old file is only replaced by a complete new one.
public enum LapsFile {
    public static func write(_ text: String, to path: String) throws(LapsFileError) {
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LapsFileError(path: path, reason: FileSystem.lastErrorDescription()) }
        var failure = writeAll(Array(text.utf8), to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = FileSystem.lastErrorDescription() }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = FileSystem.lastErrorDescription() }
        if let failure {
            unlink(temporary)
            throw LapsFileError(path: path, reason: failure)
        }
    }

    /// Writes every byte, retrying short writes; the error text when it fails.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return FileSystem.lastErrorDescription() }
                offset += written
            }
            return nil
        }
    }
}
