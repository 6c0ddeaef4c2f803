/// When the night clock is dark (`"night": {"from": "22:00", "to": "07:00"}` at the top of the
/// file), in the local time of the screen that shows it.
public struct NightHours: Sendable, Equatable {
    public var from: TimeOfDay
    public var to: TimeOfDay

    public init(from: TimeOfDay = TimeOfDay(hour: 22, minute: 0), to: TimeOfDay = TimeOfDay(hour: 7, minute: 0)) {
        self.from = from
        self.to = to
    }

    public var json: JSONValue { ["from": .string(from.description), "to": .string(to.description)] }
}

extension AlarmFileDecoder {
    mutating package func decodeNight(_ value: JSONValue) -> NightHours? {
        guard let members = value.members else {
            report(Self.got(tr("night must be an object such as {\"from\": \"22:00\", \"to\": \"07:00\"}"), value), at: value.position)
            return nil
        }
        checkKeys(members, allowed: ["from", "to"], in: "night")
        var night = NightHours()
        let message = tr("a time of night must be \"HH:MM\", e.g. \"22:00\"")
        if let from = value["from"] { night.from = parse(from, message, TimeOfDay.init(parsing:)) ?? night.from }
        if let to = value["to"] { night.to = parse(to, message, TimeOfDay.init(parsing:)) ?? night.to }
        return night
    }
}
