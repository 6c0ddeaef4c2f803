import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `alarmplay restore`: the way back after a broken edit or a deleted file, while `run` still
/// rings the schedule it had: the last good copy put back in the file's place, locked and atomic.
public enum RestoreCommand: Command {
    public static let spec = CommandSpec(
        name: "restore",
        abstract: tr("Put back the last alarms file that loaded (the copy 'run' keeps), after a broken edit or a deleted file."),
        options: AlarmEditOptions.common + [.flag("force", help: tr("Replace an alarms file that is valid too."))]
    )

    public static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let path = AlarmEditOptions.path(arguments, context: context)
        let copyPath = LastGoodCopy.path(statePath: StateStore(environment: context.environment).path)
        guard let text = FileSystem.readText(copyPath) else { throw NoLastGoodCopy(path: copyPath) }
        let copy = try AlarmFile.parse(text, path: copyPath, sounds: nil)
        try FileSystem.makeDirectories(FileSystem.parent(of: path))
        let lock = try FileLock(guarding: path)
        defer { withExtendedLifetime(lock) {} }
        if let current = try? AlarmFile.read(path: path, sounds: nil) {
            if current.text == text {
                context.console.out(tr("nothing to restore: {path} is the last good copy", ["path": path]))
                return .success
            }
            guard arguments.flag("force") else {
                throw UsageError(tr("{path} is valid and differs from the last good copy; --force replaces it", ["path": path]))
            }
        }
        try AtomicFile.write(text, to: path, mode: 0o644)
        context.console.out(trn("restored {path} from the last good copy ({n} alarm)", "restored {path} from the last good copy ({n} alarms)",
                                copy.alarms.count, ["path": path]))
        return .success
    }
}

/// `run` has not yet loaded a valid alarms file with this state folder.
package struct NoLastGoodCopy: UserFacingError {
    package var path: String

    package var description: String {
        tr("no last good copy at {path}: 'run' keeps one each time the alarms file loads", ["path": path])
    }

    package var exitCode: ExitCode { .noInput }
}
