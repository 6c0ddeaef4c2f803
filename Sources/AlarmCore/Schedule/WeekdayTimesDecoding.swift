/// Reading `"times"`: a time per weekday (`{"mon": "06:30", "weekends": "09:30"}`) in place of
/// `time` and `days`, each problem at its place.
extension AlarmFileDecoder {
    /// The days and their times, nil with the problems reported.
    mutating package func decodeTimes(_ value: JSONValue) -> [Weekday: TimeOfDay]? {
        guard let members = value.members, !members.isEmpty else {
            return reportNil(Self.got(tr("times must be an object of days and times such as {\"mon\": \"06:30\", \"sat\": \"09:30\"}"), value),
                             at: value.position)
        }
        var times: [Weekday: TimeOfDay] = [:]
        // Which key set each day, and whether it names a group (`weekdays`): a day's own key wins
        // over a group's, whatever their order; two of a kind for one day is a mistake.
        var givenBy: [Weekday: (key: String, group: Bool)] = [:]
        let before = problems.count
        for member in members {
            let days: WeekdaySet
            do {
                days = try WeekdaySet(parsingName: member.key)
            } catch {
                report(error.message, at: member.keyPosition)
                continue
            }
            guard let time = parse(member.value, tr("a day's time must be a string \"HH:MM\" or \"HH:MM:SS\""), TimeOfDay.init(parsing:)) else { continue }
            let group = days.days.count > 1
            var twice: [Weekday] = []
            var earlierKey = ""
            for day in days.days {
                if let earlier = givenBy[day] {
                    if earlier.group != group {
                        if group { continue }
                    } else {
                        twice.append(day)
                        earlierKey = earlier.key
                    }
                }
                times[day] = time
                givenBy[day] = (member.key, group)
            }
            if !twice.isEmpty {
                report(tr("{days} given twice, by \"{earlier}\" and \"{key}\"", ["days": WeekdaySet(twice).description, "earlier": earlierKey, "key": member.key]),
                       at: member.keyPosition)
            }
        }
        return problems.count == before ? times : nil
    }
}

extension Alarm {
    /// The time it rings on `date`: from the sun (`sun`), the day's first appointment
    /// (`fromCalendar`; on a day without a ring, `time`, skipped by `noRing(on:)`), that weekday's
    /// own (`times`), else `time`.
    public func time(on date: CalendarDate, zone: LocalTimeZone = .current) -> TimeOfDay {
        if let sun, let location = settings.location { return sun.time(on: date, at: location, otherwise: time, zone: zone).time }
        if let fromCalendar {
            switch fromCalendar.day(date, time: time, zone: zone) {
            case let .appointment(ring, _), let .otherwise(ring), let .unread(ring, _): return ring
            case .none: return time
            }
        }
        return times[date.weekday] ?? time
    }

    /// Why it does not ring on `date` by its own rule: no appointment that day, and no `otherwise`.
    public func noRing(on date: CalendarDate, zone: LocalTimeZone) -> SkipReason? {
        guard let fromCalendar, fromCalendar.day(date, time: time, zone: zone) == .none else { return nil }
        return .noAppointment(calendar: fromCalendar.calendarName)
    }

    /// What the day of a ring at `ring` came to, for an alarm from a calendar (nil: none).
    public func appointmentDay(forRingAt ring: Int, zone: LocalTimeZone = .current) -> AppointmentRule.Day? {
        fromCalendar?.day(zone.localTime(at: ring).date, time: time, zone: zone)
    }

    /// The sun's event on the day of a ring at `ring` (nil: no sun rule, or a day without the event).
    public func sunEvent(forRingAt ring: Int, zone: LocalTimeZone = .current) -> Int? {
        guard let sun, let location = settings.location else { return nil }
        return sun.time(on: zone.localTime(at: ring).date, at: location, otherwise: time, zone: zone).event
    }

    /// `mon–fri 06:30, sat 09:30`-like words for `times`, days of the same time together; nil without.
    public var timesText: String? { timesText { $0.description } }

    /// `times` as `list` shows it, each group of days named in the reader's language (`Mo,Di 06:30`).
    public var timesWords: String? { timesText { $0.listWords } }

    private func timesText(naming: (WeekdaySet) -> String) -> String? {
        guard !times.isEmpty else { return nil }
        var groups: [(time: TimeOfDay, days: [Weekday])] = []
        for day in Weekday.allCases {
            guard let time = times[day] else { continue }
            if let index = groups.firstIndex(where: { $0.time == time }) { groups[index].days.append(day) } else { groups.append((time, [day])) }
        }
        return groups.map { "\(naming(WeekdaySet($0.days))) \($0.time)" }.joined(separator: ", ")
    }
}
