/// The command line itself is wrong. Printed as one line plus a usage hint, exit 64.
public struct UsageError: UserFacingError, Equatable {
    public var message: String
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
    public var exitCode: ExitCode { .usage }
}
