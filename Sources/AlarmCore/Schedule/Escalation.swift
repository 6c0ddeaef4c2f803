/// One step of `"escalate"`: after ringing unanswered for `after` seconds, ring at `volume`
/// and/or switch to `sound`, and/or ring on every other alarmplay on the MQTT broker
/// (`household`). Steps come in the order they take effect.
public struct Escalation: Sendable, Equatable {
    public var after: Int
    public var volume: Double?
    public var sound: SoundReference?
    public var household: Bool

    public init(after: Int, volume: Double? = nil, sound: SoundReference? = nil, household: Bool = false) {
        self.after = after
        self.volume = volume
        self.sound = sound
        self.household = household
    }
}

/// Reading `"escalate"` (top level, `defaults` or one alarm): one step or a list of steps.
extension AlarmFileDecoder {
    package static let escalationKeys = ["after", "volume", "sound", "household"]

    mutating package func decodeEscalation(_ value: JSONValue) -> [Escalation]? {
        let entries = value.arrayValue ?? [value]
        let before = problems.count
        let steps = entries.compactMap { decodeEscalationStep($0) }
        guard problems.count == before else { return nil }
        return steps.sorted { $0.after < $1.after }
    }

    private mutating func decodeEscalationStep(_ value: JSONValue) -> Escalation? {
        guard let members = value.members else {
            let example = "{\"after\": \"2m\", \"volume\": 1.0, \"sound\": \"tone:alarm\"}"
            report(Self.got(tr("escalate must be an object such as {example} or a list of them", ["example": example]), value), at: value.position)
            return nil
        }
        for member in members where !Self.escalationKeys.contains(member.key) {
            report(tr("unknown key \"{key}\" in escalate (allowed: {allowed})", ["key": member.key, "allowed": Self.escalationKeys.joined(separator: ", ")]),
                   at: member.keyPosition)
        }
        guard let after = value["after"] else {
            report(tr("escalate needs \"after\": how long it rings unanswered first, e.g. \"2m\""), at: value.position)
            return nil
        }
        let seconds = decodeDuration(after, "after", Self.ringForRange)
        var step = Escalation(after: seconds ?? 0)
        if let volume = value["volume"] {
            if let level = volume.numberValue?.double, (0...1).contains(level) {
                step.volume = level
            } else {
                report(Self.got(tr("volume must be a number from 0.0 to 1.0"), volume), at: volume.position)
            }
        }
        if let sound = value["sound"] { step.sound = decodeSound(sound) }
        if let household = value["household"] {
            if let ring = household.boolValue {
                step.household = ring
            } else {
                report(Self.got(tr("{key} must be true or false", ["key": "household"]), household), at: household.position)
            }
        }
        if value["volume"] == nil, value["sound"] == nil, value["household"] == nil {
            report(tr("escalate needs \"volume\", \"sound\" or \"household\": what changes after {after}", ["after": after.snippet]), at: value.position)
        }
        return seconds == nil ? nil : step
    }
}
