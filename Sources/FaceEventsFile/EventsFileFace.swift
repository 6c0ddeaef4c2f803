import AlarmCore
import AlarmRuntime

/// `run --events-file PATH`: every event as one JSON line appended to a file or a FIFO, for
/// scripts (`tail -f`, `jq`). Numbers are JSON numbers; the fields are the log line's.
/// The line is made here, on the loop; it is written by `EventsFileWriter` off the loop, opened
/// non-blocking so a FIFO nobody reads never holds it: what it cannot take is dropped and
/// counted, and a file that cannot be opened is said once and tried again on a later event.
final package class EventsFileFace: DaemonFace {
    private let writer: EventsFileWriter
    private let threshold: EventLog.Level
    private let loop: EventLoop
    private let report: FaceReport.Sink

    package static func make(_ host: any FaceHost) -> EventsFileFace? {
        guard let path = host.configuration.eventsFile else { return nil }
        guard let notifier = try? Notifier() else {
            host.report(.eventsFile(.failed(path: path, reason: FileSystem.lastErrorDescription())))
            return nil
        }
        return EventsFileFace(writer: EventsFileWriter(path: path, notifier: notifier), threshold: host.configuration.log.threshold,
                              loop: host.loop) { [unowned host] in host.report($0) }
    }

    package init(writer: EventsFileWriter, threshold: EventLog.Level, loop: EventLoop, report: @escaping FaceReport.Sink) {
        self.writer = writer
        self.threshold = threshold
        self.loop = loop
        self.report = report
    }

    package func start() {
        loop.watch(writer.notifier.descriptor) { [unowned self] in
            writer.notifier.reset()
            for said in writer.drain() { report(.eventsFile(said)) }
        }
        writer.open()
    }

    /// `exiting` was the last event: a reader of the file sees it unless the disk holds it up
    /// for more than a second (the exit is not held longer than that).
    package func stop() {
        loop.unwatch(writer.notifier.descriptor)
        writer.finish(milliseconds: 1000)
    }

    package func publish(_ event: DaemonEvent, at instant: Instant) {
        guard event.level >= threshold else { return }
        if case .face(.eventsFile) = event { return }
        writer.append(Array((JSONWriter.compact(event.json(at: instant)) + "\n").utf8), event: event.name)
    }
}
