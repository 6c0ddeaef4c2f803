import AlarmCore
import AlarmRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `run --events-file PATH`: every event as one JSON line appended to a file or a FIFO, for
/// scripts (`tail -f`, `jq`). Numbers are JSON numbers; the fields are the log line's.
/// Opened non-blocking so a FIFO nobody reads never holds the loop: what it cannot take is
/// dropped and counted, and a file that cannot be opened is said once and tried again on a
/// later event.
final package class EventsFileFace: DaemonFace {
    package static let retryNanoseconds: Int64 = 5_000_000_000

    private let path: String
    private let threshold: EventLog.Level
    private let report: FaceReport.Sink
    private var descriptor: Int32 = -1
    private var nextTry: Int64 = 0
    private var dropped = 0
    /// A FIFO takes a write whole only up to PIPE_BUF bytes; a longer line could be torn.
    private var isFIFO = false
    /// Said since it last worked: one `events_file_failed` per outage, not one per retry.
    private var failing = false
    private let clock = SystemMonotonicTime()

    package static func make(_ host: any FaceHost) -> EventsFileFace? {
        guard let path = host.configuration.eventsFile else { return nil }
        return EventsFileFace(path: path, threshold: host.configuration.log.threshold) { [unowned host] in host.report($0) }
    }

    package init(path: String, threshold: EventLog.Level, report: @escaping FaceReport.Sink) {
        self.path = path
        self.threshold = threshold
        self.report = report
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    package func start() { open() }

    package func stop() {}

    package func publish(_ event: DaemonEvent, at instant: Instant) {
        guard event.level >= threshold else { return }
        if case let .face(own) = event, own.name.hasPrefix("events_file_") { return }
        if descriptor < 0, clock.now() >= nextTry { open() }
        guard descriptor >= 0 else { return }
        let line = Array((JSONWriter.compact(event.json(at: instant)) + "\n").utf8)
        if isFIFO, line.count > Int(PIPE_BUF) {
            // Whole or not at all: a reader must never see half an event run into the next.
            dropped += 1
            report(FaceReport(.warning, "events_file_dropped", ["path": .text(path), "event": .text(event.name), "bytes": .number(line.count),
                                                                 "reason": .text("longer than a FIFO takes whole (\(PIPE_BUF) bytes)")]))
            return
        }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written == line.count {
            if dropped > 0 {
                report(FaceReport(.info, "events_file_resumed", ["path": .text(path), "dropped": .number(dropped)]))
                dropped = 0
            }
        } else if written < 0, errno == EAGAIN {
            // A FIFO whose reader is behind: the reader loses this event, the alarm nothing.
            dropped += 1
        } else {
            failed(written < 0 ? FileSystem.lastErrorDescription() : "only \(written) of \(line.count) bytes were written (the disk is full?)")
            close(descriptor)
            descriptor = -1
            nextTry = clock.now() + Self.retryNanoseconds
        }
    }

    private func open() {
        descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor < 0 else {
            failing = false
            var info = stat()
            isFIFO = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
            return
        }
        // ENXIO: a FIFO with no reader yet; it is opened once one is there.
        if errno != ENXIO { failed(FileSystem.lastErrorDescription()) }
        nextTry = clock.now() + Self.retryNanoseconds
    }

    private func failed(_ reason: String) {
        guard !failing else { return }
        failing = true
        report(FaceReport(.warning, "events_file_failed", ["path": .text(path), "reason": .text(reason)]))
    }
}
