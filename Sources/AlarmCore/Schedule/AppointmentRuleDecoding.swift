/// Reading `"fromCalendar"`, each problem at its place.
extension AlarmFileDecoder {
    package static let fromCalendarKeys = ["calendar", "before", "earliest", "latest", "otherwise"]

    mutating package func decodeFromCalendar(_ value: JSONValue) -> AppointmentRule? {
        let example = #"{"calendar": "work.ics", "before": "1h30m", "latest": "09:00"}"#
        guard let members = value.members else {
            return reportNil(Self.got(tr("fromCalendar must be an object such as {example}", ["example": example]), value), at: value.position)
        }
        let before = problems.count
        checkKeys(members, allowed: Self.fromCalendarKeys, in: "fromCalendar")
        guard let calendarValue = value["calendar"] else {
            return reportNil(tr("fromCalendar needs \"calendar\": a file (relative to this one) or an https:// URL"), at: value.position)
        }
        guard let calendar = calendarValue.stringValue, !calendar.allSatisfy(\.isWhitespace) else {
            return reportNil(Self.got(tr("calendar must be a file name or an https:// URL"), calendarValue), at: calendarValue.position)
        }
        var rule = AppointmentRule(calendar: calendar)
        rule.before = value["before"].flatMap { decodeDuration($0, "before", 0...(12 * 3600)) } ?? 0
        let message = tr("a time of day must be \"HH:MM\", e.g. \"07:30\"")
        rule.earliest = value["earliest"].flatMap { parse($0, message, TimeOfDay.init(parsing:)) }
        rule.latest = value["latest"].flatMap { parse($0, message, TimeOfDay.init(parsing:)) }
        rule.otherwise = value["otherwise"].flatMap { parse($0, message, TimeOfDay.init(parsing:)) }
        if let earliest = rule.earliest, let latest = rule.latest, earliest > latest, let at = value["latest"] {
            report(tr("latest ({latest}) is before earliest ({earliest})", ["latest": latest.description, "earliest": earliest.description]), at: at.position)
        }
        return problems.count == before ? rule : nil
    }

    /// What an alarm from a calendar rings at when it cannot know better: its `otherwise`, else
    /// `latest`, else `earliest`, else 07:00.
    package static func fromCalendarTime(_ value: JSONValue) -> TimeOfDay {
        ["otherwise", "latest", "earliest"].lazy.compactMap { value[$0]?.stringValue.flatMap { try? TimeOfDay(parsing: $0) } }.first
            ?? TimeOfDay(hour: 7, minute: 0)
    }
}
