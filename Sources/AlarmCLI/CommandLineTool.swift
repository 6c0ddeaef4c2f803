import AlarmCore
import AlarmRuntime

/// The `alarmplay` entry point: picks the command, parses its arguments, runs it and maps
/// every error to one line on stderr and an exit status.
public enum CommandLineTool {
    public static var tagline: String { tr("an alarm clock, timer and stopwatch for the terminal") }

    /// The options of `alarmplay` itself, before any command.
    public static let globalOptions: [OptionSpec] = [
        .flag("help", short: "h", help: tr("Show help (also 'alarmplay help COMMAND' or 'COMMAND --help').")),
        .flag("version", short: "V", help: tr("Show the version.")),
    ]

    public static let commands: [any Command.Type] = [
        RunCommand.self,
        NextCommand.self,
        ValidateCommand.self,
        ListCommand.self,
        AddCommand.self,
        EditCommand.self,
        RemoveCommand.self,
        EnableCommand.self,
        DisableCommand.self,
        SkipCommand.self,
        UnskipCommand.self,
        ShiftCommand.self,
        PauseCommand.self,
        ResumeCommand.self,
        RestoreCommand.self,
        InstallServiceCommand.self,
        SnoozeCommand.self,
        StopCommand.self,
        StatusCommand.self,
        WebCommand.self,
        DoctorCommand.self,
        SoundsCommand.self,
        PreviewCommand.self,
        DevicesCommand.self,
        StopwatchCommand.self,
        TimerCommand.self,
        SleepCommand.self,
    ]

    public static func main(_ argv: [String], context: CommandContext = CommandContext(environment: .current())) -> Int32 {
        let console = context.console
        let arguments = Array(argv.dropFirst())
        guard let first = arguments.first else {
            console.out(overview)
            return ExitCode.success.rawValue
        }
        switch first {
        case "--help", "-h":
            console.out(overview)
            return ExitCode.success.rawValue
        case "--version", "-V":
            console.out("alarmplay \(Version.current)")
            return ExitCode.success.rawValue
        case GenerateCommand.spec.name:
            return run(GenerateCommand.self, Array(arguments.dropFirst()), context: context)
        case "help":
            guard arguments.count > 1 else {
                console.out(overview)
                return ExitCode.success.rawValue
            }
            guard let command = command(named: arguments[1]) else {
                return report(unknownCommand(arguments[1]), console: console)
            }
            console.out(command.spec.help)
            return ExitCode.success.rawValue
        default:
            break
        }
        guard let command = command(named: first) else {
            return report(unknownCommand(first), console: console)
        }
        return run(command, Array(arguments.dropFirst()), context: context)
    }

    package static func run(_ command: any Command.Type, _ arguments: [String], context: CommandContext) -> Int32 {
        let console = context.console
        do {
            let parsed = try ArgumentParser.parse(arguments, spec: command.spec)
            if parsed.flag("help") {
                console.out(command.spec.help)
                return ExitCode.success.rawValue
            }
            return try command.run(parsed, context: context).rawValue
        } catch let error as UsageError {
            var error = error
            error.command = error.command ?? command.spec.name
            return report(error, console: console)
        } catch let error as any UserFacingError {
            return report(error, console: console, command: command.spec.name)
        } catch {
            console.err(tr("alarmplay: error: {message}", ["message": "\(error)"]))
            return ExitCode.failure.rawValue
        }
    }

    package static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    package static func unknownCommand(_ name: String) -> UsageError {
        // `--verison`: an option of the tool itself, mistyped, is suggested like a command.
        if name.hasPrefix("-") {
            let hint = Suggestion.closest(to: name, in: ["--help", "--version"]).map { tr(" (did you mean '{name}'?)", ["name": $0]) } ?? ""
            return UsageError(tr("unknown option '{option}'", ["option": name]) + hint)
        }
        let hint = Suggestion.closest(to: name, in: commands.map { $0.spec.name }).map { tr(" (did you mean '{name}'?)", ["name": $0]) } ?? ""
        return UsageError(tr("unknown command '{name}'", ["name": name]) + hint)
    }

    /// One line, then for a command line that is wrong the usage, and for a value it cannot take
    /// (a `BadValue`, or `add`'s and `edit`'s values) where its values are explained.
    package static func report(_ error: any UserFacingError, console: Console, command name: String? = nil) -> Int32 {
        console.err(tr("alarmplay: error: {message}", ["message": error.description]))
        if let usage = error as? UsageError {
            if let name = usage.command, let command = command(named: name) {
                console.err(tr("Usage: {usage}\n  See 'alarmplay help {command}'.", ["usage": command.spec.usage, "command": name]))
            } else {
                console.err(tr("Usage: {usage}\n  See 'alarmplay --help'.", ["usage": tr("alarmplay COMMAND [options]")]))
            }
        } else if error is BadValue || error is AlarmEditRejected, let name {
            console.err(tr("  See 'alarmplay help {command}'.", ["command": name]))
        }
        return error.exitCode.rawValue
    }

    package static var overview: String {
        var lines = [
            tr("OVERVIEW: {text}", ["text": "alarmplay \(Version.current) - \(tagline)"]),
            "",
            tr("USAGE: {usage}", ["usage": tr("alarmplay COMMAND [options]")]),
            "",
            tr("COMMANDS:"),
        ]
        for command in commands {
            let name = command.spec.name
            lines.append("  " + name + String(repeating: " ", count: max(2, 18 - name.count)) + command.spec.abstract)
        }
        lines += ["", tr("OPTIONS:")]
        for option in globalOptions {
            let label = (option.short.map { "-\($0), " } ?? "") + "--" + option.name
            lines.append("  " + label + String(repeating: " ", count: max(2, 18 - label.count)) + option.help)
        }
        return lines.joined(separator: "\n")
    }
}
