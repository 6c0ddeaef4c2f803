/// The events file's news (`--events-file`), about the file at `path`.
public enum EventsFileReport: Sendable, Equatable, RenderedReport {
    /// The line of `event` (`bytes` long) was left out, and why.
    case dropped(path: String, event: String, bytes: Int, reason: String)
    /// Written to again after `dropped` lines were lost.
    case resumed(path: String, dropped: Int)
    case failed(path: String, reason: String)

    var level: EventLevel {
        if case .resumed = self { return .info }
        return .warning
    }

    var name: String {
        switch self {
        case .dropped: return "events_file_dropped"
        case .resumed: return "events_file_resumed"
        case .failed: return "events_file_failed"
        }
    }

    var fields: [EventField] {
        switch self {
        case let .dropped(path, event, bytes, reason):
            return .init(["path": .text(path), "event": .text(event), "bytes": .number(bytes), "reason": .text(reason)])
        case let .resumed(path, dropped): return .init(["path": .text(path), "dropped": .number(dropped)])
        case let .failed(path, reason): return .init(["path": .text(path), "reason": .text(reason)])
        }
    }
}
