import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// The secret every web request carries: 128 random bits as 32 hex digits, kept in
/// `$XDG_STATE_HOME/alarmplay/http-token` (mode 0600), made on first use by `run` or `web`.
/// The calendar feed has a token of its own (`feed-token` beside it), which reads the feed and
/// nothing else: its address is pasted into calendar services that keep it on their servers.
public enum AccessToken {
    public static func path(_ environment: Environment) -> String {
        environment.stateHome + "/alarmplay/http-token"
    }

    /// The feed's token file, beside the page's.
    public static func feedPath(besides tokenPath: String) -> String {
        FileSystem.parent(of: tokenPath) + "/feed-token"
    }

    /// A new token in place of the old one (atomically): addresses with the old one stop working
    /// once `run` is restarted.
    public static func replace(path: String) throws(SystemError) -> String {
        let token = try random()
        try FileSystem.makeDirectories(FileSystem.parent(of: path), mode: 0o700)
        try AtomicFile.write(token + "\n", to: path, mode: 0o600)
        return token
    }

    /// The stored token, or a new one stored now. Two processes creating it at once agree:
    /// the file is linked into place only if absent, and the loser reads the winner's.
    public static func loadOrCreate(path: String) throws(SystemError) -> String {
        if let token = read(path) { return token }
        let token = try random()
        try FileSystem.makeDirectories(FileSystem.parent(of: path), mode: 0o700)
        let temporary = path + ".new-\(getpid())"
        try AtomicFile.write(token + "\n", to: temporary, mode: 0o600)
        defer { unlink(temporary) }
        if link(temporary, path) != 0, errno != EEXIST { throw SystemError("link \(path)") }
        guard let stored = read(path) else { throw SystemError("read \(path)", code: EINVAL) }
        return stored
    }

    private static func read(_ path: String) -> String? {
        guard let text = FileSystem.readText(path) else { return nil }
        let token = text.filter { !$0.isWhitespace }
        return token.count == 32 && token.allSatisfy(\.isHexDigit) ? token.lowercased() : nil
    }

    private static func random() throws(SystemError) -> String {
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open /dev/urandom") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard Glibc.read(descriptor, &bytes, bytes.count) == bytes.count else { throw SystemError("read /dev/urandom") }
        return bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Compares without stopping at the first difference, so timing tells nothing about the token.
    public static func matches(_ given: String, _ token: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
