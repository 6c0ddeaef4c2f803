import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a lock file beside the file it guards (`alarms.json.lock`), held
/// for a whole read-modify-write so concurrent `alarmplay add`s never lose each other's alarm.
/// Released when the handle is deinitialised (closing the descriptor drops the lock).
public final class FileLock {
    private let descriptor: Int32

    public init(guarding path: String) throws(SystemError) {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError("open \(path).lock") }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let error = SystemError("flock \(path).lock")
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
