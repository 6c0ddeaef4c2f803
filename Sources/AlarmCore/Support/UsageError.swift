/// The command line itself is wrong. Printed as one line plus a usage hint, exit 64.
public struct UsageError: UserFacingError, Equatable {
    public var message: String
    public var command: String?

    /// `message` in the user's language already (`tr`).
    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    /// Two options that exclude each other, named without their dashes.
    public static func together(_ first: String, _ second: String) -> UsageError {
        UsageError(tr("--{first} and --{second} cannot be used together", ["first": first, "second": second]))
    }

    public var description: String { message }
    public var exitCode: ExitCode { .usage }
}
