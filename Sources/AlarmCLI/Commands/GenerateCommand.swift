import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// `alarmplay _generate WHAT`: the files the Debian package ships that come from the code, so
/// they cannot drift from it. Hidden: not in `--help`, the man page or the completions.
public enum GenerateCommand: Command {
    public static let spec = CommandSpec(
        name: "_generate",
        abstract: tr("Print a generated file: man1, man5, bash, zsh, fish, user-unit, system-unit, sysusers."),
        arguments: [ArgumentSpec("WHAT", help: tr("Which file."))],
        options: [.value("docs", "DIR", help: tr("The reference folder the man pages quote (default: the checkout's docs, found from this program's place)."))],
        discussion: tr("The man pages are dated by $SOURCE_DATE_EPOCH when set (reproducible builds), else today.")
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let what = arguments.positional(0) ?? ""
        let text: String
        switch what {
        case "man1", "man5":
            // Found beside the binary, as the sounds and catalogs are, so it works from any folder.
            let reference = try ManualPage.reference(folder: arguments.value("docs") ?? FileSystem.shippedFolder(["docs"]) ?? "docs")
            let date = pageDate(context.environment)
            text = what == "man1"
                ? try ManualPage.command(reference: reference, date: date) : try ManualPage.fileFormat(reference: reference, date: date)
        case "user-unit": text = SystemdUnit.packaged(system: false).text
        case "system-unit": text = SystemdUnit.packaged(system: true).text
        case "sysusers": text = SystemdUnit.sysusers
        default:
            guard let shell = ShellCompletion.Shell(rawValue: what) else {
                throw UsageError(tr("unknown file '{name}' (man1, man5, bash, zsh, fish, user-unit, system-unit, sysusers)", ["name": what]))
            }
            text = ShellCompletion.script(for: shell)
        }
        context.console.writeRaw(text)
        return .success
    }

    private static func pageDate(_ environment: Environment) -> String {
        var seconds = environment["SOURCE_DATE_EPOCH"].flatMap { time_t($0) } ?? time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(parts.tm_year + 1900)-" + twoDigits(parts.tm_mon + 1) + "-" + twoDigits(parts.tm_mday)
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
