/// What a face, or a runtime part beside the schedule, says of itself: a case per thing said, so
/// that no face builds or matches an event's name. Only `DaemonEvent`'s renderer words them
/// (`level`, `name`, `fields`), and their log lines keep the names they always had.
public enum FaceReport: Sendable, Equatable {
    case page(PageReport)
    case broker(BrokerReport)
    case hook(HookReport)
    case input(InputReport)
    case eventsFile(EventsFileReport)
    case connection(ConnectionReport)
    case calendar(CalendarReport)

    /// Where a face sends its reports: the core's one publisher.
    public typealias Sink = (FaceReport) -> Void

    private var rendered: any RenderedReport {
        switch self {
        case let .page(report): return report
        case let .broker(report): return report
        case let .hook(report): return report
        case let .input(report): return report
        case let .eventsFile(report): return report
        case let .connection(report): return report
        case let .calendar(report): return report
        }
    }

    package var level: EventLevel { rendered.level }
    package var name: String { rendered.name }
    package var fields: [EventField] { rendered.fields }
}

/// A report's log line: what each domain's report answers, for `FaceReport` alone to read.
protocol RenderedReport {
    var level: EventLevel { get }
    var name: String { get }
    var fields: [EventField] { get }
}

extension Array where Element == EventField {
    init(_ pairs: KeyValuePairs<String, EventValue>) {
        self = pairs.map { EventField($0.key, $0.value) }
    }
}
