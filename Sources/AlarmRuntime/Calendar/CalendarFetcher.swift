import AlarmCore

#if canImport(Glibc)
import Glibc
#endif

/// Fetches a remote calendar into its cached copy (`BoundedDownload`: HTTP(S), a few redirects,
/// size and time bounded whatever the server says), blocking: call it from a command or a worker
/// thread, never the loop. A download that does not parse (a captive portal's page) never
/// replaces a good copy. The reason of the last failure is kept beside the copy (`.error`) for `doctor`.
public enum CalendarFetcher {
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
        do {
            try FileSystem.makeDirectories(FileSystem.parent(of: source.path), mode: 0o700)
        } catch {
            return error.description
        }
        let bytes: [UInt8]
        switch BoundedDownload().fetch(source.reference) {
        case let .success(fetched): bytes = fetched
        case let .failure(failure): return failure.description
        }
        do {
            _ = try ICalendarReader.read(in: String(decoding: bytes, as: UTF8.self), path: source.reference, window: 0...0, zone: zone)
        } catch {
            return "the server's copy cannot be used: \(error.description)"
        }
        // The same calendar again: only its date changes (doctor's "copy from"), and as inotify
        // is not told of that, `run` does not reload every refresh for nothing.
        if FileSystem.readBytes(source.path) == bytes {
            return utimensat(AT_FDCWD, source.path, nil, 0) == 0 ? nil : "cannot touch \(source.path): \(FileSystem.lastErrorDescription())"
        }
        do {
            try AtomicFile.write(bytes, to: source.path, mode: 0o600)
        } catch {
            return error.description
        }
        return nil
    }
}
