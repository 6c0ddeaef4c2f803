public enum SoundsCommand: Command {
    public static let spec = CommandSpec(name: "sounds", abstract: "TODO")

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        .success
    }
}
