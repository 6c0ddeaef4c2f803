/// The phone page's own news: where it listens, why it does not, an edit it could not make.
public enum PageReport: Sendable, Equatable, RenderedReport {
    /// `page` is the folder its files come from, or "missing".
    case listening(address: String, page: String)
    /// Tried again after `retrySeconds`, if given.
    case failed(address: String, reason: String, retrySeconds: Int?)
    /// A library the page needs is not installed: it will not come up until it is.
    case cannotServe(address: String, reason: String)
    case editFailed(problem: String)

    var level: EventLevel {
        switch self {
        case .listening: return .info
        case .failed, .editFailed: return .warning
        case .cannotServe: return .error
        }
    }

    var name: String {
        switch self {
        case .listening: return "http_listening"
        case .failed, .cannotServe: return "http_failed"
        case .editFailed: return "edit_failed"
        }
    }

    var fields: [EventField] {
        switch self {
        case let .listening(address, page): return .init(["address": .text(address), "page": .text(page)])
        case let .failed(address, reason, retry):
            return .init(["address": .text(address), "reason": .text(reason)]) + (retry.map { [EventField("retry_s", .number($0))] } ?? [])
        case let .cannotServe(address, reason): return .init(["address": .text(address), "reason": .text(reason)])
        case let .editFailed(problem): return .init(["problem": .text(problem)])
        }
    }
}
