/// Where the alarms file is: `--alarms FILE`, else `$ALARMPLAY_ALARMS`, else
/// `$XDG_CONFIG_HOME/alarmplay/alarms.json` (`~/.config/alarmplay/alarms.json`).
public enum AlarmFileLocation {
    public static func path(explicit: String?, environment: Environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let variable = environment["ALARMPLAY_ALARMS"] { return variable }
        return environment.configHome + "/alarmplay/alarms.json"
    }
}
