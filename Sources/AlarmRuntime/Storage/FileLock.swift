import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a lock file beside the file it guards (`alarms.json.lock`), held
/// for a whole read-modify-write so concurrent `alarmplay add`s never lose each other's alarm.
/// Released when the handle is deinitialised (closing the descriptor drops the lock).
public final class FileLock {
    /// The lock was still held by another process at the deadline.
    public struct Held: UserFacingError, Equatable {
        public var path: String
        public var seconds: Double

        public var description: String {
            "another process holds \(path).lock (waited \(Int(seconds.rounded())) s); nothing was changed, try again"
        }

        public var exitCode: ExitCode { .temporaryFailure }
    }

    private let descriptor: Int32
    /// Between two tries while another process holds the lock: short against a quick edit,
    /// long enough that a wait of seconds costs next to no CPU.
    private static let retryMicroseconds: useconds_t = 20_000

    /// Waits for the lock as long as it takes, or until `deadline` (monotonic seconds, then `Held`).
    public init(guarding path: String, until deadline: Double? = nil) throws {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError("open \(path).lock") }
        let started = SystemMonotonicTime.seconds
        while flock(descriptor, deadline == nil ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK, let deadline {
                let now = SystemMonotonicTime.seconds
                if now < deadline {
                    usleep(min(Self.retryMicroseconds, useconds_t(max(1, (deadline - now) * 1e6))))
                    continue
                }
                close(descriptor)
                throw Held(path: path, seconds: now - started)
            }
            close(descriptor)
            throw SystemError("flock \(path).lock", code: code)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
