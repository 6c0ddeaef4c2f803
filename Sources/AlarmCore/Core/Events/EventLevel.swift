/// How much an event matters: what `run --log-level` filters and the log line says (`level=warn`).
public enum EventLevel: Int, Sendable, Comparable {
    case debug, info, warning, error

    package var name: String {
        switch self {
        case .debug: return "debug"
        case .info: return "info"
        case .warning: return "warn"
        case .error: return "error"
        }
    }

    public static func < (a: EventLevel, b: EventLevel) -> Bool { a.rawValue < b.rawValue }
}
