import CVersion

/// alarmplay's version: `--version`, the MQTT device's `sw_version`, the page (through `/api/status`),
/// the calendar feed and the Debian package all take it from here. The release is written in
/// `Sources/CVersion/version.h`; a packaged build adds the commit it was built from (`scripts/version`).
public enum Version {
    public static let current = String(cString: alarmplay_version())
}
