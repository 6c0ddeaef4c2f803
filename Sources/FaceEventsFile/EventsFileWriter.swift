import AlarmCore
import AlarmRuntime
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The events file's end, on a thread of its own: a slow disk (an SD card flushing) or a full
/// one delays only the lines behind it, never the loop. Lines wait in a bounded queue; beyond it
/// they are dropped and counted, so a stalled disk costs the file events, not memory. What it
/// has to say comes back to the loop through `notifier`.
package final class EventsFileWriter: Sendable {
    package static let retryNanoseconds: Int64 = 5_000_000_000
    /// Lines waiting for the disk at most.
    package static let queueLimit = 1000

    /// Touched only by the jobs, one at a time; the loop never waits for it.
    private struct File {
        var descriptor: Int32 = -1
        var nextTry: Int64 = 0
        var dropped = 0
        /// A FIFO takes a write whole only up to PIPE_BUF bytes; a longer line could be torn.
        var isFIFO = false
        /// Said since it last worked: one `events_file_failed` per outage, not one per retry.
        var failing = false
    }

    package let path: String
    package let notifier: Notifier
    private let file = Mutex(File())
    private let waiting = Mutex(0)
    private let jobs = SerialJobs()
    private let said = Mutex<[EventsFileReport]>([])
    private let clock = SystemMonotonicTime()

    package init(path: String, notifier: Notifier) {
        self.path = path
        self.notifier = notifier
    }

    deinit {
        file.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    package func open() {
        jobs.add { [self] in file.withLock { openFile(&$0) } }
    }

    /// Queues one event's line; called on the loop, returns at once.
    package func append(_ line: [UInt8], event: String) {
        let queued = waiting.withLock { count in
            guard count < Self.queueLimit else { return false }
            count += 1
            return true
        }
        guard queued else {
            file.withLock { $0.dropped += 1 }
            return
        }
        jobs.add { [self] in
            waiting.withLock { $0 -= 1 }
            file.withLock { write(line, event: event, to: &$0) }
        }
    }

    /// Waits for the lines queued so far to be written, at most `milliseconds`.
    package func finish(milliseconds: Int) { jobs.wait(milliseconds: milliseconds) }

    /// What the writer said since the last call, for the loop to report.
    package func drain() -> [EventsFileReport] {
        said.withLock { reports in
            defer { reports = [] }
            return reports
        }
    }

    private func write(_ line: [UInt8], event: String, to file: inout File) {
        if file.descriptor < 0, clock.now() >= file.nextTry { openFile(&file) }
        guard file.descriptor >= 0 else { return }
        if file.isFIFO, line.count > Int(PIPE_BUF) {
            // Whole or not at all: a reader must never see half an event run into the next.
            file.dropped += 1
            say(.dropped(path: path, event: event, bytes: line.count, reason: "longer than a FIFO takes whole (\(PIPE_BUF) bytes)"))
            return
        }
        let descriptor = file.descriptor
        let written = line.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written == line.count {
            if file.dropped > 0 {
                say(.resumed(path: path, dropped: file.dropped))
                file.dropped = 0
            }
        } else if written < 0, errno == EAGAIN {
            // A FIFO whose reader is behind: the reader loses this event, the alarm nothing.
            file.dropped += 1
        } else {
            failed(written < 0 ? FileSystem.lastErrorDescription() : "only \(written) of \(line.count) bytes were written (the disk is full?)", &file)
            close(descriptor)
            file.descriptor = -1
            file.nextTry = clock.now() + Self.retryNanoseconds
        }
    }

    private func openFile(_ file: inout File) {
        file.descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard file.descriptor < 0 else {
            file.failing = false
            var info = stat()
            file.isFIFO = fstat(file.descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
            return
        }
        // ENXIO: a FIFO with no reader yet; it is opened once one is there.
        if errno != ENXIO { failed(FileSystem.lastErrorDescription(), &file) }
        file.nextTry = clock.now() + Self.retryNanoseconds
    }

    private func failed(_ reason: String, _ file: inout File) {
        guard !file.failing else { return }
        file.failing = true
        say(.failed(path: path, reason: reason))
    }

    private func say(_ report: EventsFileReport) {
        said.withLock { $0.append(report) }
        notifier.signal()
    }
}
