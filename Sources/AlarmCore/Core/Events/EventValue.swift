/// One field of an event, typed, so that each face renders it in its own terms: the log as logfmt
/// text (as it always was), SSE, MQTT and the events file as JSON, where numbers stay numbers.
public enum EventValue: Sendable, Equatable {
    case text(String)
    case number(Int)
    case decimal(Double)
    /// A wall-clock second, shown in the local zone.
    case time(Int)
    case list([String])

    public var logText: String {
        switch self {
        case let .text(text): return text
        case let .number(number): return String(number)
        case let .decimal(number): return String(number)
        case let .time(seconds): return TimeFormat().iso(seconds)
        case let .list(items): return items.joined(separator: ",")
        }
    }

    public var json: JSONValue {
        switch self {
        case let .text(text): return .string(text)
        case let .number(number): return .int(number)
        case let .decimal(number): return .double(number)
        case let .time(seconds): return .string(TimeFormat().iso(seconds))
        case let .list(items): return .array(items.map(JSONValue.string))
        }
    }
}

/// A named field; the order of an event's fields is the order of its log line.
public struct EventField: Sendable, Equatable {
    public var key: String
    public var value: EventValue

    public init(_ key: String, _ value: EventValue) {
        self.key = key
        self.value = value
    }
}
