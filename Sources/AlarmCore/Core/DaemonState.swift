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

    /// The instants a state file may hold, 1970 to the end of 9999: the schedule's sums on them
    /// cannot overflow, and the local calendar can name each one.
    public static let instants = 0...253_402_300_799

    public init(json: JSONValue) throws(ValueError) {
        schedule = try ScheduleState(json: json)
        if let checked = json["lastChecked"] {
            guard let seconds = checked.numberValue?.int, Self.instants.contains(seconds) else {
                throw ValueError("\"lastChecked\" must be epoch seconds from 1970 to 9999")
            }
            lastChecked = seconds
        }
        reports = (json["reports"]?.arrayValue ?? []).filter { $0.members != nil }
        for member in json["snoozes"]?.members ?? [] {
            guard let until = member.value["until"]?.numberValue?.int, let count = member.value["count"]?.numberValue?.int,
                  Self.instants.contains(until), (0...1000).contains(count)
            else {
                throw ValueError("snooze of \"\(member.key)\" needs \"until\" in epoch seconds from 1970 to 9999 and a \"count\" from 0 to 1000")
            }
            snoozes[member.key] = PendingSnooze(until: until, count: count)
        }
    }
}
