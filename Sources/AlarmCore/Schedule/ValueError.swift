/// A single value (a time, a weekday, a duration) that cannot be read. The message is the same
/// whether the value came from the alarms file (prefixed with `FILE:LINE:COL:`) or from a
/// command-line option (a `BadValue` there, exit 65), so people learn one wording.
public struct ValueError: UserFacingError, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
    public var exitCode: ExitCode { .dataError }
}
