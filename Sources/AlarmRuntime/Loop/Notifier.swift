import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// An eventfd that another thread pokes to wake the event loop (playback finished, a ring
/// ended). Owns the descriptor and closes it in `deinit`.
public final class Notifier: Sendable {
    public let descriptor: Int32

    public init() throws(SystemError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { throw SystemError("eventfd") }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    public func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(descriptor, &one, 8)
    }

    /// Clears pending wake-ups; call from the loop's handler.
    public func reset() {
        var value: UInt64 = 0
        _ = read(descriptor, &value, 8)
    }
}
