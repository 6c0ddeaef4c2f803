import AlarmCore
import AlarmAudio

/// The options every command that reads the alarms file shares, and loading it with every
/// problem shown on stderr as `FILE:LINE:COL: message`.
package enum AlarmFileOptions {
    package static let alarms = OptionSpec.value(
        "alarms", "FILE",
        help: tr("Alarms file (default: $ALARMPLAY_ALARMS, else $XDG_CONFIG_HOME/alarmplay/alarms.json).")
    )

    /// A skip-days calendar that cannot be read is said as a warning (`warnsOfCalendars`): the
    /// rings shown do not skip its days.
    package static func load(_ arguments: ParsedArguments, context: CommandContext, warnsOfCalendars: Bool = true) throws -> AlarmFile {
        let path = AlarmFileLocation.path(explicit: arguments.value("alarms"), environment: context.environment)
        let folders = SoundFolders(environment: context.environment, extra: arguments.all("sounds"))
        do {
            let file = try AlarmFile.load(path: path, sounds: .standard(folders: folders))
            if warnsOfCalendars {
                for warning in file.skipDaysWarnings { context.console.err(tr("warning: {message}", ["message": warning])) }
            }
            return file
        } catch {
            if case .invalid = error {
                for line in error.lines { context.console.err(line) }
            }
            if case .missing = error, let gone = MissingAlarmsFile.find(path: path, context: context) { throw gone }
            throw error
        }
    }
}
