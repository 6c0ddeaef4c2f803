/// alarmplay's version, kept only here: `--version`, the MQTT device's `sw_version`, the page (through
/// `/api/status`) and the Debian package all take it from this line, scripts through `scripts/version`,
/// which reads it as written (one string literal on one line).
public enum Version {
    public static let current = "0.1.0"
}
