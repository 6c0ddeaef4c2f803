/// Process exit statuses, following BSD `sysexits.h` so scripts can tell a typo from a broken speaker.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    /// An output file the user named cannot be written (EX_CANTCREAT).
    case cannotCreate = 73
    /// Not now (EX_TEMPFAIL): nothing rings to snooze, no ring is left to skip.
    case temporaryFailure = 75
    case interrupted = 130
    case terminated = 143
}

/// An error the user can act on: one line of text and the exit status it maps to.
public protocol UserFacingError: Error, CustomStringConvertible {
    var exitCode: ExitCode { get }
}
