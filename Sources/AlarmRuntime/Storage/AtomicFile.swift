import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that a reader, or a crash at any instant, sees either the old or the new
/// contents, never a torn mix: write a temp file in the same directory, fsync it, rename it over
/// the original, fsync the directory so the rename itself is durable.
public enum AtomicFile {
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(SystemError) {
        try write(Array(text.utf8), to: path, mode: mode)
    }

    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemError) {
        let directory = FileSystem.parent(of: path)
        try FileSystem.makeDirectories(directory)
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw SystemError("mkstemp in \(directory)") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = writeAll(bytes, to: descriptor, naming: temporary)
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = SystemError("fchmod \(temporary)") }
        if failure == nil, fsync(descriptor) != 0 { failure = SystemError("fsync \(temporary)") }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = SystemError("rename to \(path)") }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Every byte to `descriptor`, or why not (`path` names it).
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, naming path: String) -> SystemError? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno != EINTR { return SystemError("write \(path)") }
            if written > 0 { offset += written }
        }
        return nil
    }
}
