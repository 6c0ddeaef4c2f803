/// The alarms file taken into the schedule.
extension ScheduleModel {
    /// The file's alarms and hooks in force from now. Returns what that says, in order: each
    /// enabled alarm whose calendar could not be read (it rings at its fallback time), each
    /// skip-days calendar that could not be read, each calendar cut short, then `loaded`.
    mutating package func use(_ file: AlarmFile, reloaded: Bool, lastGoodCopy: String?) -> [DaemonEvent] {
        use(file.alarms, pausedUntil: file.pause(at: clock.now().seconds))
        fileHooks = file.hooks
        var said: [DaemonEvent] = file.alarms.filter(\.enabled).compactMap { alarm in
            guard let rule = alarm.fromCalendar, let problem = rule.problem else { return nil }
            return .calendarNotRead(id: alarm.name, calendar: rule.calendar, problem: problem, fallback: rule.fallback(alarm.time).description)
        }
        said += file.unreadSkipCalendars.map { unread in
            .skipDaysNotRead(calendar: unread.calendar.name, problem: unread.calendar.problem ?? "", alarms: unread.alarms,
                             keptLastGood: !unread.calendar.days.isEmpty)
        }
        said += file.cutShortCalendars.map { .calendarCutShort(calendar: $0.name, reason: $0.reason, alarms: $0.alarms) }
        let next = snapshot(heard: nil, bell: false).next
        said.append(.loaded(ScheduleLoaded(
            reloaded: reloaded, count: alarms.count, enabled: file.enabledCount, next: next.map { ScheduleLoaded.Next(id: $0.alarm.name, at: $0.at) },
            pausedUntil: pausedUntil?.description, lastGoodCopy: lastGoodCopy)))
        return said
    }
}
