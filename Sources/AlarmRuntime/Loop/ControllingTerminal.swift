#if canImport(Glibc)
import Glibc
#endif

/// Whether `run` has a controlling terminal. A terminal that closes (a window shut, an SSH session
/// dropped, tmux's server killed) sends SIGHUP, as `systemctl reload` does to a service; the kernel
/// takes the terminal away from the whole session as it hangs up, so which of the two a SIGHUP was
/// is told by whether `/dev/tty` still opens. A service never had one.
package enum ControllingTerminal {
    package static func isPresent() -> Bool {
        let descriptor = open("/dev/tty", O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }
}
