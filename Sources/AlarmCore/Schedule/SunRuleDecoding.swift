/// Reading `"location"` and `"sun"`, each problem at its place.
extension AlarmFileDecoder {
    mutating package func decodeLocation(_ value: JSONValue) -> Location? {
        guard let members = value.members else {
            return reportNil(Self.got(tr("location must be an object such as {\"latitude\": 52.52, \"longitude\": 13.4}"), value), at: value.position)
        }
        checkKeys(members, allowed: ["latitude", "longitude"], in: "location")
        func degrees(_ key: String, _ range: ClosedRange<Double>) -> Double? {
            guard let value = value[key] else { return reportNil(tr("location needs \"{key}\" in degrees", ["key": key]), at: value.position) }
            guard let number = value.numberValue?.double, range.contains(number) else {
                return reportNil(Self.got(tr("{key} must be a number of degrees from {low} to {high}", ["key": key, "low": String(Int(range.lowerBound)),
                                                                                                     "high": String(Int(range.upperBound))]), value),
                                 at: value.position)
            }
            return number
        }
        let latitude = degrees("latitude", -90...90), longitude = degrees("longitude", -180...180)
        guard let latitude, let longitude else { return nil }
        return Location(latitude: latitude, longitude: longitude)
    }

    package static let sunKeys = ["event", "offset", "earliest", "latest"]

    mutating package func decodeSun(_ value: JSONValue) -> SunRule? {
        guard let members = value.members else {
            return reportNil(Self.got(tr("sun must be an object such as {\"event\": \"sunrise\", \"offset\": \"-30m\", \"latest\": \"07:30\"}"), value),
                             at: value.position)
        }
        let before = problems.count
        checkKeys(members, allowed: Self.sunKeys, in: "sun")
        let names = SolarTime.Event.allCases.map(\.rawValue)
        guard let eventValue = value["event"] else {
            return reportNil(tr("sun needs \"event\": one of {events}", ["events": names.joined(separator: ", ")]), at: value.position)
        }
        guard let event = eventValue.stringValue.flatMap(SolarTime.Event.init(rawValue:)) else {
            let hint = eventValue.stringValue.flatMap { Suggestion.closest(to: $0, in: names) }.map { tr(" (did you mean \"{name}\"?)", ["name": $0]) } ?? ""
            return reportNil(Self.got(tr("event must be one of {events}{hint}", ["events": names.joined(separator: ", "), "hint": hint]), eventValue),
                             at: eventValue.position)
        }
        var rule = SunRule(event: event)
        if let offset = value["offset"] {
            rule.offset = decodeDuration(offset, "offset", -SunRule.maximumOffset...SunRule.maximumOffset) ?? 0
        }
        let message = tr("a time of day must be \"HH:MM\", e.g. \"07:30\"")
        rule.earliest = value["earliest"].flatMap { parse($0, message, TimeOfDay.init(parsing:)) }
        rule.latest = value["latest"].flatMap { parse($0, message, TimeOfDay.init(parsing:)) }
        if let earliest = rule.earliest, let latest = rule.latest, earliest > latest, let at = value["latest"] {
            report(tr("latest ({latest}) is before earliest ({earliest})", ["latest": latest.description, "earliest": earliest.description]), at: at.position)
        }
        return problems.count == before ? rule : nil
    }
}
