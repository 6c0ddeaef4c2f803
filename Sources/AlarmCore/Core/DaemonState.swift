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
