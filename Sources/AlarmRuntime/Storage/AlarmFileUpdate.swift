import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// The one way commands change the alarms file: read, change and write it back under an
/// exclusive lock on `FILE.lock` held for the whole read-modify-write (so concurrent `add`s
/// never lose each other's alarm), write atomically (so `run` and a crash see the old or the
/// new file, never a torn one), and only a result the decoder accepts.
public enum AlarmFileUpdate {
    /// `change` gets the file as it is now and returns the edit to write (nil: nothing to
    /// write) and a value handed back to the caller. A missing file is an error, or, with
    /// `whenMissing`, reads as that document: none without alarms for a first `add`, the
    /// schedule in force for `run`, so an add after the file was deleted keeps every alarm that
    /// rings. An invalid file is never overwritten. With `lockDeadline` (monotonic seconds) a lock
    /// another process holds until then is `FileLock.Held`.
    public static func perform<Result>(
        path: String, sounds: SoundRegistry?, whenMissing: JSONValue? = nil, lockDeadline: Double? = nil,
        _ change: (AlarmFile) throws -> (edit: AlarmEdit?, result: Result)
    ) throws -> (file: AlarmFile, result: Result) {
        // Writing through a symlink (dotfiles kept in a repository) keeps the link.
        let target = resolvingSymlink(path)
        if case .none = whenMissing, !FileSystem.exists(target) { throw AlarmFileError.missing(path: path) }
        try FileSystem.makeDirectories(FileSystem.parent(of: target))
        let lock = try FileLock(guarding: target, until: lockDeadline)
        defer { withExtendedLifetime(lock) {} }
        removeOrphanedTemporaries(of: target)
        let current = try load(path: path, sounds: sounds, whenMissing: whenMissing)
        let (edit, result) = try change(current)
        guard let edit, edit.document != current.document else { return (current, result) }
        let (text, file) = try edit.validated(path: path, sounds: sounds)
        try AtomicFile.write(text, to: target, mode: permissions(of: target) ?? 0o644)
        return (file, result)
    }

    private static func load(path: String, sounds: SoundRegistry?, whenMissing: JSONValue?) throws(AlarmFileError) -> AlarmFile {
        if let whenMissing, !FileSystem.exists(path) {
            return try AlarmFile.parse(JSONWriter.pretty(whenMissing), path: path, sounds: sounds)
        }
        // Calendars from their files and copies only: nothing waits on the network under the lock.
        var calendars = CalendarLoader(alarmsPath: path, environment: .current(), now: SystemClock().now().seconds)
        calendars.fetchesMissing = false
        return try AlarmFile.load(path: path, sounds: sounds, calendars: calendars)
    }

    /// Temp files of writers killed before their rename (`alarms.json.tmp-XXXXXX`). Only
    /// writers holding the lock make them, so under the lock every one left is an orphan.
    private static func removeOrphanedTemporaries(of path: String) {
        let directory = FileSystem.parent(of: path)
        let prefix = FileSystem.basename(path) + ".tmp-"
        for name in FileSystem.contents(of: directory) ?? [] where name.hasPrefix(prefix) {
            unlink(directory + "/" + name)
        }
    }

    private static func resolvingSymlink(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Kept across the rewrite: someone who made their alarms private keeps them private.
    private static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
