import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// The folders the file provider scans, in order: the shipped `Sounds/`, the user's sound
/// folder, `$ALARMPLAY_SOUNDS` (colon-separated) and each `--sounds DIR`.
public struct SoundFolders: Sendable, Equatable {
    public var paths: [String]

    /// Exactly these folders (a test's).
    package init(paths: [String]) {
        self.paths = paths
    }

    public init(environment: Environment, extra: [String], shipped: String? = SoundFolders.shippedFolder()) {
        var paths: [String] = []
        if let shipped { paths.append(shipped) }
        paths.append(environment.dataHome + "/alarmplay/sounds")
        if let list = environment["ALARMPLAY_SOUNDS"] {
            paths += list.split(separator: ":").map(String.init)
        }
        paths += extra
        var seen = Set<String>()
        self.paths = paths.filter { seen.insert($0).inserted }
    }

    /// The `Sounds/` folder that ships with the program: beside the checkout the binary was
    /// built in (`.build/release/alarmplay` → `Sounds/`), or `PREFIX/share/alarmplay/sounds`
    /// for an installed copy.
    public static func shippedFolder() -> String? {
        FileSystem.shippedFolder(["Sounds", "share/alarmplay/sounds"])
    }
}
