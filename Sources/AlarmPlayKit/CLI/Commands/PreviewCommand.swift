public enum PreviewCommand: Command {
    public static let spec = CommandSpec(name: "preview", abstract: "TODO")

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        .success
    }
}
