/// What `run` remembers about one alarm between restarts (kept in `state.json`).
public struct AlarmState: Sendable, Equatable {
    /// `Alarm.fingerprint` of the alarm this state was recorded for; state of an edited alarm
    /// no longer applies.
    public var fingerprint: String
    /// When a one-shot without a date was switched on: it rings at the first occurrence after.
    public var armedAt: Int?
    /// A one-shot that has rung (or was dismissed): it rings no more.
    public var done: Bool
    /// The start (epoch seconds) of the one occurrence the user chose to skip.
    public var skippedOccurrence: Int?

    public init(fingerprint: String, armedAt: Int? = nil, done: Bool = false, skippedOccurrence: Int? = nil) {
        self.fingerprint = fingerprint
        self.armedAt = armedAt
        self.done = done
        self.skippedOccurrence = skippedOccurrence
    }

    package var isEmpty: Bool { armedAt == nil && !done && skippedOccurrence == nil }
}

/// The state of every alarm, keyed by `Alarm.stateKey`.
public struct ScheduleState: Sendable, Equatable {
    public var alarms: [String: AlarmState]

    public init(alarms: [String: AlarmState] = [:]) {
        self.alarms = alarms
    }

    /// The state that applies to this version of the alarm; nil when there is none or it was
    /// recorded before the alarm was edited.
    public func state(for alarm: Alarm) -> AlarmState? {
        guard let state = alarms[alarm.stateKey], state.fingerprint == alarm.fingerprint else { return nil }
        return state
    }

    public mutating func update(_ alarm: Alarm, _ change: (inout AlarmState) -> Void) {
        var state = state(for: alarm) ?? AlarmState(fingerprint: alarm.fingerprint)
        change(&state)
        alarms[alarm.stateKey] = state.isEmpty ? nil : state
    }

    /// The state after (re)loading the alarms at `now`: entries of removed or edited alarms are
    /// dropped, and enabled one-shots without a date that were not armed yet are armed now.
    public func reconciled(with alarms: [Alarm], now: Int) -> ScheduleState {
        var result = ScheduleState()
        for alarm in alarms {
            var state = state(for: alarm) ?? AlarmState(fingerprint: alarm.fingerprint)
            if alarm.enabled, alarm.repeats == .once, state.armedAt == nil { state.armedAt = now }
            if !state.isEmpty { result.alarms[alarm.stateKey] = state }
        }
        return result
    }
}

// state.json: `{"alarms": {"work": {"fingerprint": "...", "skippedOccurrence": 1796622300}}}`,
// instants as epoch seconds so the file means the same in any time zone.
extension ScheduleState {
    public var json: JSONValue {
        let keys = alarms.keys.sorted()
        return .object([("alarms", .object(keys.map { key in (key, alarms[key]!.json) }))])
    }

    /// Reads what `json` wrote; unknown keys are ignored so newer versions can add fields.
    public init(json: JSONValue) throws(ValueError) {
        guard let entries = json["alarms"]?.members else {
            throw ValueError("state must be an object with an \"alarms\" object")
        }
        var alarms: [String: AlarmState] = [:]
        for entry in entries {
            alarms[entry.key] = try AlarmState(json: entry.value, key: entry.key)
        }
        self.init(alarms: alarms)
    }
}

extension AlarmState {
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [("fingerprint", .string(fingerprint))]
        if let armedAt { members.append(("armedAt", .int(armedAt))) }
        if done { members.append(("done", true)) }
        if let skippedOccurrence { members.append(("skippedOccurrence", .int(skippedOccurrence))) }
        return .object(members)
    }

    package init(json: JSONValue, key: String) throws(ValueError) {
        guard let fingerprint = json["fingerprint"]?.stringValue else {
            throw ValueError("state of \"\(key)\" has no \"fingerprint\" string")
        }
        func instant(_ name: String) throws(ValueError) -> Int? {
            guard let value = json[name], !value.isNull else { return nil }
            // Out of range (no run writes it), `armedAt` made a one-shot silently never ring.
            guard let seconds = value.numberValue?.int, DaemonState.instants.contains(seconds) else {
                throw ValueError("state of \"\(key)\": \"\(name)\" must be epoch seconds from 1970 to 9999")
            }
            return seconds
        }
        self.init(
            fingerprint: fingerprint, armedAt: try instant("armedAt"), done: json["done"]?.boolValue ?? false,
            skippedOccurrence: try instant("skippedOccurrence")
        )
    }
}
