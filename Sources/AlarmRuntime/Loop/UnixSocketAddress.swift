import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// Where `run` listens for `alarmplay snooze/stop/status`: `$XDG_RUNTIME_DIR/alarmplay/control.sock`,
/// or `/tmp/alarmplay-UID/control.sock` when there is no runtime directory (a cron job, a
/// bare `su`). The directory is 0700 and the socket 0600: only this user can ring or silence.
public enum ControlSocketPath {
    public static func resolve(_ environment: Environment) -> String {
        if let runtime = environment["ALARMPLAY_SOCKET"] { return runtime }
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/alarmplay/control.sock"
        }
        return "/tmp/alarmplay-\(getuid())/control.sock"
    }
}

/// A `sockaddr_un` for a filesystem path, built once and passed to bind/connect.
package struct UnixSocketAddress {
    package var storage = sockaddr_un()
    package let length: socklen_t

    package init(path: String) throws(SystemError) {
        storage.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: storage.sun_path)
        guard bytes.count < capacity else { throw SystemError("socket path too long: \(path)", code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
    }

    package func withPointer<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
