import AlarmCore

/// The copy `run` keeps of the last alarms file that loaded, byte for byte, beside its state:
/// it rings instead of a file that is broken at start, and `alarmplay restore` puts it back.
public enum LastGoodCopy {
    public static func path(statePath: String) -> String {
        FileSystem.parent(of: statePath) + "/last-good-alarms.json"
    }
}
