import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// Watches one file for changes through inotify on its directory: editors save by writing a
/// temp file and renaming it over the original, which a watch on the file itself would miss.
/// `watch(_:)` adds more files (the calendars an alarms file names) to the same descriptor.
public final class FileWatcher {
    public let descriptor: Int32
    public let path: String
    /// Names of the watched files in any watched directory: a same-named file in another of
    /// them also counts as a change, which costs only a reload.
    private var names: Set<String>
    private var directories: Set<String>

    public init(path: String) throws(SystemError) {
        self.path = path
        names = [FileSystem.basename(path)]
        directories = [FileSystem.parent(of: path)]
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw SystemError("inotify_init1") }
        self.descriptor = descriptor
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(descriptor, FileSystem.parent(of: path), mask) >= 0 else {
            let error = SystemError("inotify_add_watch \(FileSystem.parent(of: path))")
            close(descriptor)
            throw error
        }
    }

    deinit {
        close(descriptor)
    }

    /// Watches these files too; a directory that cannot be watched leaves its file unwatched.
    public func watch(_ paths: [String]) {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        for path in paths {
            names.insert(FileSystem.basename(path))
            let directory = FileSystem.parent(of: path)
            if !directories.contains(directory), inotify_add_watch(descriptor, directory, mask) >= 0 { directories.insert(directory) }
        }
    }

    /// Drains pending events; true when one concerned the watched file.
    public func fileChanged() -> Bool {
        var changed = false
        let size = 16 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let event = (buffer + offset).assumingMemoryBound(to: inotify_event.self)
                let length = Int(event.pointee.len)
                if length > 0 {
                    let eventName = String(cString: (buffer + offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self))
                    if names.contains(eventName) { changed = true }
                }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return changed
    }
}
