/// A command to run when something happens to an alarm (`{"on": "fired", "run": ["lamp", "on"]}`),
/// or a while before each ring (`{"on": "before", "before": "30m", "run": [...]}`): the sunrise
/// light, the coffee machine. Run without a shell, never waited for.
public struct Hook: Sendable, Equatable {
    public enum Event: String, Sendable, CaseIterable {
        case fired, snoozed, stopped, silenced, missed, fallback, before, escalated, waking, bedtime
        case preflightFailed = "preflight_failed", preflightRecovered = "preflight_recovered", ringDegraded = "ring_degraded"
    }

    public var on: Event
    /// The program and its arguments, as given: no shell, no word splitting.
    public var command: [String]
    /// Seconds before each ring (`before` hooks only).
    public var before: Int
    /// Seconds it may run before it is killed.
    public var timeout: Int

    public static let defaultTimeout = 60

    public init(on: Event, command: [String], before: Int = 0, timeout: Int = Hook.defaultTimeout) {
        self.on = on
        self.command = command
        self.before = before
        self.timeout = timeout
    }
}

/// Reading `"hooks"` (at the top of the file, for every alarm, or in one alarm), each problem at
/// its place.
extension AlarmFileDecoder {
    package static let hookKeys = ["on", "run", "before", "timeout"]

    mutating package func decodeHooks(_ value: JSONValue) -> [Hook] {
        guard let list = value.arrayValue else {
            let example = "[{\"on\": \"fired\", \"run\": [\"/usr/local/bin/lamp\", \"on\"]}]"
            report(Self.got(tr("hooks must be a list such as {example}", ["example": example]), value), at: value.position)
            return []
        }
        return list.compactMap { decodeHook($0) }
    }

    private mutating func decodeHook(_ value: JSONValue) -> Hook? {
        guard let members = value.members else {
            report(Self.got(tr("a hook must be an object with \"on\" and \"run\""), value), at: value.position)
            return nil
        }
        let before = problems.count
        for member in members where !Self.hookKeys.contains(member.key) {
            report(tr("unknown key \"{key}\" in a hook (allowed: {allowed})", ["key": member.key, "allowed": Self.hookKeys.joined(separator: ", ")]),
                   at: member.keyPosition)
        }
        let names = Hook.Event.allCases.map(\.rawValue)
        var event: Hook.Event?
        if let on = value["on"] {
            event = on.stringValue.flatMap(Hook.Event.init(rawValue:))
            if event == nil {
                let hint = on.stringValue.flatMap { Suggestion.closest(to: $0, in: names) }.map { tr(" (did you mean \"{name}\"?)", ["name": $0]) } ?? ""
                report(Self.got(tr("on must be one of {events}{hint}", ["events": names.joined(separator: ", "), "hint": hint]), on), at: on.position)
            }
        } else {
            report(tr("a hook needs \"on\": one of {events}", ["events": names.joined(separator: ", ")]), at: value.position)
        }
        var command: [String] = []
        if let run = value["run"] {
            command = run.arrayValue?.compactMap(\.stringValue) ?? []
            if command.isEmpty || command.count != run.arrayValue?.count || command[0].isEmpty {
                report(Self.got(tr("run must be the program and its arguments as a list of strings, e.g. [\"/usr/local/bin/lamp\", \"on\"]"), run),
                       at: run.position)
            }
        } else {
            report(tr("a hook needs \"run\": the program and its arguments, e.g. [\"/usr/local/bin/lamp\", \"on\"]"), at: value.position)
        }
        var seconds = 0
        if let offset = value["before"] {
            if event != .before { report(tr("\"before\" only goes with \"on\": \"before\""), at: offset.position) }
            seconds = decodeDuration(offset, "before", 1...86_400) ?? 0
        } else if event == .before {
            report(tr("a \"before\" hook needs \"before\": how long before each ring, e.g. \"30m\""), at: value.position)
        }
        let timeout = value["timeout"].flatMap { decodeDuration($0, "timeout", 1...86_400) } ?? Hook.defaultTimeout
        guard problems.count == before, let event else { return nil }
        return Hook(on: event, command: command, before: seconds, timeout: timeout)
    }
}
