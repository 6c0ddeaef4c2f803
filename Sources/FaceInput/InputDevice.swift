import AlarmCore
import CLinuxShims
#if canImport(Glibc)
import Glibc
#endif

/// One input device, open and non-blocking: owns its descriptor and closes it in `deinit`. What is
/// in the path's place need not be an input device (a FIFO in tests, a file): its records are read
/// all the same, and the ioctls that fail there (its name, taking it for itself) are let go.
package final class InputDevice {
    package let descriptor: Int32
    /// The device's own name (`EVIOCGNAME`), or the path's last part.
    package let name: String
    private var pending: [UInt8] = []

    package init(path: String, grab: Bool) throws(SystemError) {
        var info = stat()
        let isFIFO = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        // A FIFO is opened for writing too: it then never reads as ended when its writer goes.
        let descriptor = open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open \(path)") }
        self.descriptor = descriptor
        var buffer = [CChar](repeating: 0, count: 256)
        let named = alarmplay_evdev_name(descriptor, &buffer, Int32(buffer.count - 1)) > 0
        name = named ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : FileSystem.basename(path)
        if grab { _ = alarmplay_evdev_grab(descriptor, 1) }
    }

    deinit {
        close(descriptor)
    }

    /// Records read at most in one turn of the loop: a path that never runs dry (`/dev/zero`, a
    /// FIFO someone floods) costs its own reading, not the loop's other work.
    package static let recordsPerTurn = 1024

    /// The records that came in whole; `gone` once the device is unplugged (ENODEV) or the file
    /// ends; `more` when the turn's bound was reached with more to read.
    package func read() -> (records: [InputRecord], gone: Bool, more: Bool) {
        var chunk = [UInt8](repeating: 0, count: 64 * InputRecord.size)
        var gone = false
        var taken = 0
        while true {
            guard taken < Self.recordsPerTurn * InputRecord.size else {
                let (records, used) = InputRecord.decode(pending)
                pending.removeFirst(used)
                return (records, false, true)
            }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += chunk.prefix(count)
                taken += count
                continue
            }
            if count == 0 || (errno != EAGAIN && errno != EINTR) { gone = true }
            if count < 0, errno == EINTR { continue }
            break
        }
        let (records, used) = InputRecord.decode(pending)
        pending.removeFirst(used)
        return (records, gone, false)
    }
}
