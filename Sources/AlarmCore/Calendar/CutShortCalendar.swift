/// A calendar read only in part because it was over its `CalendarBudget`, with the enabled alarms
/// that use it: their skip days and appointments count as far as it was read.
public struct CutShortCalendar: Sendable, Equatable {
    /// As "why" lines name it: the file as written, a URL by its last part.
    public var name: String
    /// Which limit it reached, in words (`CalendarBudget.cutShort`).
    public var reason: String
    public var alarms: [String]
}

extension AlarmFile {
    /// Each calendar cut short, once in file order, whether it gives skip days or appointments.
    public var cutShortCalendars: [CutShortCalendar] {
        var found: [CutShortCalendar] = []
        for alarm in alarms where alarm.enabled {
            let read = alarm.skipDays.calendars.map { ($0.name, $0.cutShort) }
                + (alarm.fromCalendar?.appointments.map { [($0.name, $0.cutShort)] } ?? [])
            for case let (name, reason?) in read {
                if let index = found.firstIndex(where: { $0.name == name }) {
                    if !found[index].alarms.contains(alarm.name) { found[index].alarms.append(alarm.name) }
                } else {
                    found.append(CutShortCalendar(name: name, reason: reason, alarms: [alarm.name]))
                }
            }
        }
        return found
    }

    var cutShortWarnings: [String] {
        cutShortCalendars.map { calendar in
            tr("{path}: calendar {name} is cut short for {ids}: {reason}", [
                "path": path, "name": calendar.name, "reason": calendar.reason, "ids": calendar.alarms.joined(separator: ", "),
            ])
        }
    }
}
