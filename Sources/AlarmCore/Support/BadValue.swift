/// A value given on the command line that cannot be read or is out of range (`shift w 25:00`,
/// `preview 1 --volume 2`): the command line has the right shape, its data does not. Every command
/// says it the same way, `NAME: problem`, and exits 65 as `add 25:00` does (sysexits' EX_DATAERR);
/// a wrong shape (an unknown option, a missing argument) is a `UsageError`, 64.
public struct BadValue: UserFacingError, Equatable {
    /// What the value was given for, as typed: `--volume`, `TIME`.
    public var name: String
    /// In the user's language already (`tr`).
    public var problem: String

    public init(_ name: String, problem: String) {
        self.name = name
        self.problem = problem
    }

    public var description: String { name + ": " + problem }
    public var exitCode: ExitCode { .dataError }
}
