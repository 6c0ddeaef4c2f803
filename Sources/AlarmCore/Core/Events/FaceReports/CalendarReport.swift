/// A remote calendar's refresh, off the loop (`url`: the calendar as the file names it).
public enum CalendarReport: Sendable, Equatable, RenderedReport {
    case refreshed(url: String)
    case refreshFailed(url: String, problem: String)

    var level: EventLevel {
        if case .refreshed = self { return .info }
        return .warning
    }

    var name: String {
        if case .refreshed = self { return "calendar_refreshed" }
        return "calendar_refresh_failed"
    }

    var fields: [EventField] {
        switch self {
        case let .refreshed(url): return .init(["url": .text(url)])
        case let .refreshFailed(url, problem): return .init(["url": .text(url), "problem": .text(problem)])
        }
    }
}
