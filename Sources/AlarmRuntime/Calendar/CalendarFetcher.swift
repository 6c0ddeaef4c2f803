import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// Fetches a remote `skipDays` calendar into its cached copy with `curl` (HTTP and HTTPS,
/// redirects, a time limit), blocking: call it from a command or a worker thread, never the loop.
/// A download that does not parse (a captive portal's page) never replaces a good copy. The
/// reason of the last failure is kept beside the copy (`.error`) for `doctor`.
public enum CalendarFetcher {
    public static let timeoutSeconds = 30

    /// Nil when the copy was refreshed, else why not.
    public static func refresh(_ source: CalendarSource, zone: LocalTimeZone = .current) -> String? {
        let failure = download(source, zone: zone)
        if let failure {
            try? AtomicFile.write(failure + "\n", to: errorPath(of: source))
        } else {
            unlink(errorPath(of: source))
        }
        return failure
    }

    /// Why the last refresh failed, if it did.
    public static func lastFailure(of source: CalendarSource) -> String? {
        FileSystem.readText(errorPath(of: source)).flatMap { $0.split(separator: "\n").first.map(String.init) }
    }

    package static func errorPath(of source: CalendarSource) -> String { source.path + ".error" }

    private static func download(_ source: CalendarSource, zone: LocalTimeZone) -> String? {
        let part = source.path + ".part"
        let log = source.path + ".log"
        defer {
            unlink(part)
            unlink(log)
        }
        do {
            try FileSystem.makeDirectories(FileSystem.parent(of: source.path), mode: 0o700)
        } catch {
            return error.description
        }
        let errors = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard errors >= 0 else { return "cannot write \(log): \(FileSystem.lastErrorDescription())" }
        // No bigger than a file the reader takes, and only over HTTP(S), redirects included.
        let arguments = ["curl", "--fail", "--silent", "--show-error", "--location", "--max-redirs", "5", "--proto", "=http,https",
                         "--proto-redir", "=http,https", "--max-filesize", String(FileRead.defaultLimit), "--max-time", String(timeoutSeconds),
                         "--output", part, "--", source.reference]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let pid = alarmplay_spawn_child(argv, errors, errors)
        close(errors)
        guard pid > 0 else { return "cannot start curl: \(FileSystem.lastErrorDescription())" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exit = (status >> 8) & 0xff
        guard status & 0x7f == 0 else { return "curl was killed (signal \(status & 0x7f))" }
        guard exit == 0 else {
            if exit == 127 { return "fetching needs curl (the package curl), which is missing" }
            let said = (FileSystem.readText(log) ?? "").split(separator: "\n").last.map(String.init) ?? "curl exited with \(exit)"
            // `curl: (7) Failed to connect ...`: the message without curl's name and number.
            var message = said.hasPrefix("curl: ") ? Substring(said.dropFirst(6)) : Substring(said)
            if message.hasPrefix("("), let close = message.firstIndex(of: ")") { message = message[message.index(after: close)...].drop { $0 == " " } }
            return String(message)
        }
        guard let bytes = FileSystem.readBytes(part) else { return "the download vanished" }
        do {
            _ = try ICalendarReader.events(in: String(decoding: bytes, as: UTF8.self), path: source.reference, window: 0...0, zone: zone)
        } catch {
            return "the server's copy cannot be used: \(error.description)"
        }
        // The same calendar again: only its date changes (doctor's "copy from"), and as inotify
        // is not told of that, `run` does not reload every refresh for nothing.
        if FileSystem.readBytes(source.path) == bytes {
            return utimensat(AT_FDCWD, source.path, nil, 0) == 0 ? nil : "cannot touch \(source.path): \(FileSystem.lastErrorDescription())"
        }
        guard rename(part, source.path) == 0 else { return "cannot write \(source.path): \(FileSystem.lastErrorDescription())" }
        return nil
    }
}
