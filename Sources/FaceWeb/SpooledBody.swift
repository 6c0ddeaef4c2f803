import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// A request body received into a file rather than memory (an upload of tens of megabytes on a
/// Pi): a hidden temporary in the folder it is meant for, so what keeps it can link it into
/// place on the same file system. Owns the file: closed and removed in `deinit`, once the
/// request is over, so an upload cut off or refused leaves nothing behind.
final package class SpooledBody {
    package let path: String
    private var descriptor: Int32
    private(set) package var size = 0

    /// `suffix` (`.flac`) as the file will be named: libsndfile reads some kinds by their name.
    package init(in folder: String, suffix: String) throws(SystemError) {
        try FileSystem.makeDirectories(folder)
        var attempt = 0
        while true {
            // A new name until one is free (O_EXCL): as mkstemp, with the suffix kept.
            let candidate = folder + "/.upload-\(getpid())-\(UInt64.random(in: 0...UInt64.max))" + suffix
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if opened >= 0 {
                descriptor = opened
                path = candidate
                return
            }
            attempt += 1
            guard errno == EEXIST, attempt < 8 else { throw SystemError("create a file in \(folder)") }
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        unlink(path)
    }

    /// Appends a chunk as it arrives; false when the disk refuses it.
    package func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        size += bytes.count
        return true
    }

    /// The body is all there: the file is closed, to be read by whoever handles the request.
    package func finish() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }
}
