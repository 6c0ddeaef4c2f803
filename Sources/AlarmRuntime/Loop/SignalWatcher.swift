import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// Delivers signals as readable events on a signalfd, so they are handled in the event loop
/// like any other input instead of in an async handler. The signals are blocked in the calling
/// thread first; create this before starting other threads so they inherit the mask.
public final class SignalWatcher {
    public let descriptor: Int32

    public init(_ signals: [Int32]) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let descriptor = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard descriptor >= 0 else { throw SystemError("signalfd") }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The signals that arrived since the last call.
    public func pending() -> [Int32] {
        var signals: [Int32] = []
        var info = signalfd_siginfo()
        while read(descriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            signals.append(Int32(info.ssi_signo))
        }
        return signals
    }
}
