import AlarmCore
import AlarmRuntime

/// What every command receives besides its arguments.
public struct CommandContext: Sendable {
    public var environment: Environment
    public var console: Console

    public init(environment: Environment, console: Console = Console()) {
        self.environment = environment
        self.console = console
    }
}

/// One subcommand of `alarmplay`: its spec (for parsing and help) and what it does.
public protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode
}
