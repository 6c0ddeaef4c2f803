import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// A terminal in non-canonical, no-echo mode for single-key input, restored on every way out:
/// `deinit`, `exit()` (an `atexit` hook), and the signals that would otherwise end the process with the
/// terminal left raw. Their handler restores the mode, puts the previous action back and re-raises the
/// signal, so the process still ends the way it would have: same status, core dump, or the Swift
/// runtime's crash backtrace (which, on a raw terminal, could not even be read).
///
/// ISIG is switched off: Ctrl-C arrives as the byte 0x03 (`Key.interrupt`) instead of SIGINT, because
/// what it means depends on the moment (quit the stopwatch and print its laps; stop a ringing alarm but
/// keep `run` going). A SIGINT sent with `kill` still restores the terminal and terminates.
/// IXON is off too, so Ctrl-S cannot freeze the display, and ICRNL, so input arrives byte for byte.
/// Output processing (OPOST) stays on: `\n` still starts a new line for everything we print.
public final class RawMode {
    /// Signals whose default action ends the process. Handled only while that default is in place: a
    /// SIGHUP ignored under `nohup`, or a SIGTERM the caller handles itself (a handler, or blocked for
    /// a signalfd), is left alone, and the caller restores the terminal on its own way out.
    public static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Crashes, including Swift runtime traps (SIGILL on x86_64, SIGTRAP on arm64). Handled whatever
    /// was installed before (unless ignored), chaining to it: the Swift runtime's backtracer has them.
    public static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    public let descriptor: Int32
    private var replacedActions: [(signal: Int32, action: sigaction)] = []

    /// Nil when `descriptor` is not a terminal, cannot be switched, or a raw mode is already active.
    public init?(descriptor: Int32 = STDIN_FILENO, restoringOn signals: [Int32] = RawMode.terminatingSignals + RawMode.fatalSignals) {
        var saved = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0,
              SavedTerminalMode.save(saved, descriptor: descriptor) else { return nil }
        self.descriptor = descriptor
        for signal in signals {
            if let previous = Self.installRestoringHandler(for: signal) {
                replacedActions.append((signal, previous))
            }
        }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSANOW rather than TCSAFLUSH: keys typed before the switch are kept, not discarded.
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            restoreSignalActions()
            SavedTerminalMode.release()
            return nil
        }
    }

    deinit {
        SavedTerminalMode.release()
        restoreSignalActions()
    }

    private func restoreSignalActions() {
        for (signal, action) in replacedActions {
            var action = action
            sigaction(signal, &action, nil)
        }
        replacedActions = []
    }

    /// Installs the restoring handler unless the signal is ignored or, for a terminating signal,
    /// already handled; returns the action it replaced.
    private static func installRestoringHandler(for signal: Int32) -> sigaction? {
        var previous = sigaction()
        guard sigaction(signal, nil, &previous) == 0 else { return nil }
        // SIG_DFL is the null handler, SIG_IGN the handler 1.
        let handler = previous.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
        let isDefault = handler == nil
        guard handler != 1, isDefault || fatalSignals.contains(signal) else { return nil }
        ReplacedSignalActions.remember(previous, for: signal)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            SavedTerminalMode.restore()
            ReplacedSignalActions.reinstall(signal)
            // Blocked while this handler runs: delivered to the previous action as soon as it returns.
            raise(signal)
        }
        sigemptyset(&action.sa_mask)
        guard sigaction(signal, &action, nil) == 0 else { return nil }
        return previous
    }
}
