import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// A file a person names for a command's output (`stopwatch --laps-file`). A regular file, or a
/// new one, is replaced atomically; anything else (`/dev/stdout`, a FIFO, a terminal, a full
/// device) is written in place, as a shell's `>` would: never replaced by a regular file, and its
/// refusal (`/dev/full`: no space left) is the command's.
public enum OutputFile {
    public static func write(_ text: String, to path: String) throws(SystemError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else {
            try AtomicFile.write(text, to: path)
            return
        }
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open \(path)") }
        let failure = AtomicFile.writeAll(Array(text.utf8), to: descriptor, naming: path)
        let closed = close(descriptor) == 0 ? nil : SystemError("close \(path)")
        if let failure = failure ?? closed { throw failure }
    }
}
