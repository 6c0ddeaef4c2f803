public enum DevicesCommand: Command {
    public static let spec = CommandSpec(name: "devices", abstract: "TODO")

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        .success
    }
}
