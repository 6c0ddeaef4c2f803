#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The terminal mode to put back, kept where a C signal handler or an `atexit` hook can reach it:
/// they receive no Swift context, so the state has to be process-wide.
///
/// Why this is safe without `nonisolated(unsafe)`: the only shared values are two `Atomic`s (Sendable,
/// lock-free, so async-signal-safe to load). The `termios` itself lives on the heap at an address kept
/// in `address`; it is written before `descriptor` is published with release ordering and is never freed,
/// so a handler that sees a descriptor (acquire) also sees a complete `termios`. `RawMode` claims the
/// slot exclusively (one controlling terminal, no nesting), so there is a single writer.
/// The statics are first touched in `save`, before any handler is installed, so a handler never runs
/// their lazy initialisation, only its lock-free fast path.
package enum SavedTerminalMode {
    private static let claimed = Atomic<Bool>(false)
    private static let address = Atomic<UInt>(0)
    /// -1 while there is nothing to restore.
    private static let descriptor = Atomic<Int32>(-1)
    private static let exitHookInstalled = Atomic<Bool>(false)

    /// Remembers `mode` as the one to restore on `descriptor`; false when a raw mode is already active.
    package static func save(_ mode: termios, descriptor fd: Int32) -> Bool {
        guard claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return false
        }
        var storage = address.load(ordering: .acquiring)
        if storage == 0 {
            let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            pointer.initialize(to: mode)
            storage = UInt(bitPattern: pointer)
            address.store(storage, ordering: .releasing)
        } else {
            UnsafeMutablePointer<termios>(bitPattern: storage)!.pointee = mode
        }
        descriptor.store(fd, ordering: .releasing)
        if !exitHookInstalled.exchange(true, ordering: .acquiringAndReleasing) {
            // `exit()` skips deinitialisers of live objects; this covers a raw mode still active then.
            atexit { SavedTerminalMode.restore() }
        }
        return true
    }

    /// Puts the saved mode back. Async-signal-safe: two atomic loads and `tcsetattr`.
    package static func restore() {
        let fd = descriptor.load(ordering: .acquiring)
        guard fd >= 0, let mode = UnsafePointer<termios>(bitPattern: address.load(ordering: .acquiring)) else { return }
        _ = tcsetattr(fd, TCSANOW, mode)
    }

    /// Restores and forgets the saved mode, releasing the slot for the next `RawMode`.
    package static func release() {
        restore()
        descriptor.store(-1, ordering: .releasing)
        claimed.store(false, ordering: .releasing)
    }
}
