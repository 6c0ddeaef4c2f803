/// A snooze waiting to ring again; survives restarts in `state.json`.
public struct PendingSnooze: Sendable, Equatable {
    /// Epoch seconds when it rings again.
    public var until: Int
    /// Snoozes used so far in this ringing.
    public var count: Int

    public init(until: Int, count: Int) {
        self.until = until
        self.count = count
    }
}

/// Everything `run` must remember across restarts: per-alarm schedule state (done one-shots,
/// skips, arming times), pending snoozes, how far it has looked, so an alarm that came due
/// while it was not running is rung late or logged as missed, and the reports not seen yet.
public struct DaemonState: Sendable, Equatable {
    public var schedule = ScheduleState()
    public var snoozes: [String: PendingSnooze] = [:]
    /// Epoch seconds up to which rings have been handled.
    public var lastChecked: Int?
    /// Rings that did not ring as asked (`ring_degraded`) and missed ones, as their events' JSON,
    /// oldest first, until the page says they were seen.
    public var reports: [JSONValue] = []

    public init() {}

    public var json: JSONValue {
        var members = schedule.json.members?.map { ($0.key, $0.value) } ?? []
        members.append(("snoozes", .object(snoozes.keys.sorted().map { key in
            (key, .object([("until", .int(snoozes[key]!.until)), ("count", .int(snoozes[key]!.count))]))
        })))
        if let lastChecked { members.append(("lastChecked", .int(lastChecked))) }
        if !reports.isEmpty { members.append(("reports", .array(reports))) }
        return .object(members)
    }

    public init(json: JSONValue) throws(ValueError) {
        schedule = try ScheduleState(json: json)
        lastChecked = json["lastChecked"]?.numberValue?.int
        reports = (json["reports"]?.arrayValue ?? []).filter { $0.members != nil }
        for member in json["snoozes"]?.members ?? [] {
            guard let until = member.value["until"]?.numberValue?.int, let count = member.value["count"]?.numberValue?.int else {
                throw ValueError("snooze of \"\(member.key)\" needs whole \"until\" and \"count\"")
            }
            snoozes[member.key] = PendingSnooze(until: until, count: count)
        }
    }
}

/// `$XDG_STATE_HOME/alarmplay/state.json`, written atomically. A missing or unreadable file is
/// an empty state: losing a skip is better than refusing to ring.
public struct StateStore: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public init(environment: Environment) {
        path = environment.stateHome + "/alarmplay/state.json"
    }

    /// The stored state, or an empty one with the reason it could not be read (for the log).
    public func load() -> (state: DaemonState, problem: String?) {
        guard let text = FileSystem.readText(path) else { return (DaemonState(), nil) }
        do {
            return (try DaemonState(json: JSONParser.parseStrict(text)), nil)
        } catch let error as JSONParseError {
            return (DaemonState(), "\(path): \(error)")
        } catch {
            return (DaemonState(), "\(path): \(error)")
        }
    }

    public func save(_ state: DaemonState) throws(SystemError) {
        try AtomicFile.write(JSONWriter.pretty(state.json), to: path, mode: 0o600)
    }
}
