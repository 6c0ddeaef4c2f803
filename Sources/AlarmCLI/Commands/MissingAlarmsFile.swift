import AlarmCore
import AlarmRuntime

/// The alarms file is gone while a schedule lives on: in a running `run`, which keeps the last
/// one that loaded, or in the last good copy. `status`, `list`, `next` and the commands that edit
/// say so alike, with the way back, instead of `add`'s advice, which would replace that schedule
/// with one alarm.
package struct MissingAlarmsFile: UserFacingError {
    package var path: String
    /// A `run` reading this file answers on the control socket.
    package var running: Bool
    /// How many alarms that `run`'s schedule in force has.
    package var alarms = 0

    package var description: String {
        guard running else { return tr("no alarms file at {path}: 'alarmplay restore' puts back the last one that loaded", ["path": path]) }
        guard alarms > 0 else {
            return tr("no alarms file at {path}: 'run' takes one in as soon as it is written ('{command}')", ["path": path, "command": "alarmplay add 07:00 --days weekdays"])
        }
        return tr("no alarms file at {path}: the running 'run' keeps ringing the last schedule that loaded; 'alarmplay restore' puts the file back", ["path": path])
    }

    package var exitCode: ExitCode { .noInput }

    /// When `path` is missing: this, if a `run` rings a schedule from it or a last good copy is
    /// kept; nil when there is nothing to get back (a first start).
    package static func find(path: String, context: CommandContext) -> MissingAlarmsFile? {
        let reply = try? ControlClient.send(ControlRequest.status.line, path: ControlSocketPath.resolve(context.environment))
        if let status = reply.flatMap({ try? JSONParser.parseStrict($0) }), status["missingFile"]?.stringValue == path,
           let alarms = status["alarms"]?.numberValue?.int, alarms > 0 {
            return MissingAlarmsFile(path: path, running: true, alarms: alarms)
        }
        return FileSystem.exists(lastGoodPath(context)) ? MissingAlarmsFile(path: path, running: false) : nil
    }

    /// While `path` is missing and a `run` rings a schedule from it: that schedule, as the last
    /// good copy `run` keeps of each file it loads.
    package static func scheduleInForce(path: String, context: CommandContext) -> AlarmFile? {
        guard find(path: path, context: context)?.running == true, let text = FileSystem.readText(lastGoodPath(context)) else { return nil }
        return try? AlarmFile.parse(text, path: path, sounds: nil)
    }

    private static func lastGoodPath(_ context: CommandContext) -> String {
        LastGoodCopy.path(statePath: StateStore(environment: context.environment).path)
    }
}
