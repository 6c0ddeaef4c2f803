/// What `add` or `edit` changes in one alarm of the alarms file, as the JSON a person would
/// have typed there, so the result is validated exactly like a hand edit.
public struct AlarmChanges: Sendable, Equatable {
    public private(set) var values: [String: JSONValue] = [:]
    public private(set) var removed: Set<String> = []

    public init() {}

    public mutating func set(_ key: String, _ value: JSONValue) {
        values[key] = value
        removed.remove(key)
    }

    public mutating func remove(_ key: String) {
        removed.insert(key)
        values[key] = nil
    }

    public var isEmpty: Bool { values.isEmpty && removed.isEmpty }

    /// Each pattern key and the keys it replaces (`days` stays with `every`, which counts weeks
    /// of those days; `except` and `until` go with a dated one-shot).
    package static let patternReplaces: [(key: String, replaces: [String])] = [
        ("days", ["date", "monthly", "yearly"]),
        ("date", ["days", "every", "from", "monthly", "yearly", "except", "until"]),
        ("every", ["date", "monthly", "yearly"]),
        ("monthly", ["days", "date", "every", "from", "yearly"]),
        ("yearly", ["days", "date", "every", "from", "monthly"]),
    ]

    /// Keys that make `run` start a program: `hooks` name one, and `devices` reach ALSA's
    /// configuration, whose `file` plugin pipes sound into a command (`file:'|cmd'`). They come
    /// only from the file as its owner writes it (an editor, the CLI): a face reachable from the
    /// network (the page's token, the broker) can neither add, change nor remove them.
    public static let ownerOnlyKeys = ["hooks", "devices"]

    /// The order the alarms file documents its keys in; a key an edit adds goes to its place.
    public static let keyOrder = AlarmFileDecoder.alarmKeys

    /// The JSON an option value becomes. Values the decoder checks are passed on as typed (a
    /// volume of `loud` becomes the string "loud"), so its message is the one people get.
    public static func value(for key: String, typed text: String) throws(ValueError) -> JSONValue {
        switch key {
        case "time":
            return .string(try TimeOfDay(typed: text).description)
        case "times":
            // `mon=6:30,sat=9:30` or `weekdays=06:30,sat=9:30`, as the file's object.
            var members: [(String, JSONValue)] = []
            for part in text.split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
                guard pair.count == 2, !pair[0].isEmpty else {
                    throw ValueError(tr("a time per day such as mon=6:30,sat=9:30, not \"{part}\"", ["part": String(part)]))
                }
                _ = try WeekdaySet(parsingName: pair[0])
                members.append((pair[0].lowercased(), .string(try TimeOfDay(typed: pair[1]).description)))
            }
            return .object(members)
        case "days":
            let days = try WeekdaySet(parsingList: text)
            let group = WeekdaySet.groups.first { $0.1 == days }?.0
            return group.map(JSONValue.string) ?? .array(days.names.map(JSONValue.string))
        case "sound" where text.contains(","):
            // A sequence: `--sound speak:time,stream:radio`.
            return .array(text.split(separator: ",").map { part in
                let name = part.trimmingSpaces
                return Int(name).map(JSONValue.int) ?? .string(name)
            })
        case "sound", "maxSnoozes":
            return Int(text).map(JSONValue.int) ?? .string(text)
        case "volume":
            guard let volume = Double(text), volume.isFinite else { return .string(text) }
            return .double(volume)
        case "monthly":
            return Int(text).map(JSONValue.int) ?? .string(text)
        case "except":
            return .array(text.split(separator: ",").map { .string($0.trimmingSpaces) })
        case "snooze", "ringFor", "fadeIn":
            return text.allSatisfy(\.isASCIIDigit) ? Int(text).map(JSONValue.int) ?? .string(text) : .string(text)
        default:
            return .string(text)
        }
    }

    /// Applies the changes to one alarm object, keeping the place of every key it had.
    public func apply(to alarm: inout JSONValue) {
        var changes = self
        // One pattern says when it rings: giving one replaces the others (two given at once is
        // left for the decoder to report).
        for (key, replaces) in Self.patternReplaces where values[key] != nil {
            for other in replaces where values[other] == nil { changes.remove(other) }
        }
        // A skip or a shift names one ring of the old schedule; it means nothing once that changes.
        let reschedules = (["time"] + Self.patternReplaces.map(\.key)).contains { values[$0] != nil || removed.contains($0) }
        if reschedules || values["enabled"] == false {
            changes.remove("skip")
            changes.remove("shift")
        }
        for key in changes.removed { alarm[key] = nil }
        for key in Self.keyOrder {
            if let value = changes.values[key] { alarm.set(key, value, orderedBy: Self.keyOrder) }
        }
    }
}

extension JSONValue {
    /// Sets `key` of an object in place when present; otherwise inserts it after the last
    /// member that `order` puts before it, so added keys land where a person would put them.
    public mutating func set(_ key: String, _ value: JSONValue, orderedBy order: [String]) {
        guard var members else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            let rank = order.firstIndex(of: key) ?? order.count
            let before = members.lastIndex { (order.firstIndex(of: $0.key) ?? Int.max) < rank }
            members.insert(JSONMember(key, value), at: before.map { $0 + 1 } ?? 0)
        }
        kind = .object(members)
    }
}
