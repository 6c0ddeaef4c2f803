/// How an alarm or a command names a sound: its index in `alarmplay sounds` or its stable name.
public enum SoundReference: Sendable, Equatable, CustomStringConvertible {
    case index(Int)
    case name(String)

    /// `"3"` is an index, anything else a name (`tone:beep`, or a bare key such as `beep`).
    public init(parsing text: String) {
        if let number = Int(text) {
            self = .index(number)
        } else {
            self = .name(text)
        }
    }

    public var description: String {
        switch self {
        case let .index(index): return String(index)
        case let .name(name): return name
        }
    }
}
