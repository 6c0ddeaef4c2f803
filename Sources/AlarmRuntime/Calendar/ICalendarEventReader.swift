import AlarmCore
import CICal

/// Expands the VEVENTs of one `ICalendarDocument` into occurrences: the part of
/// `ICalendarReader` that knows RFC 5545's rules for times and recurrences.
package struct EventReader {
    package let ical: alarmplay_ical_functions
    package let document: ICalendarDocument
    package let lines: ICalendarLines
    package let path: String
    package let window: ClosedRange<Int>
    package let zone: LocalTimeZone
    /// What the file may cost; what it spent, once read.
    package var budget: CalendarBudget
    /// The reading thread's CPU time, for the budget's.
    package let cpu: any MonotonicTimeSource

    package static let summaryLength = 200

    /// An occurrence's start, to match a RECURRENCE-ID or EXDATE against: a day number for a
    /// date, epoch seconds for a time.
    private typealias StartKey = Int

    mutating package func read() throws(CalendarError) -> CalendarRead {
        let started = cpu.now()
        let events = document.components(ICAL_VEVENT_COMPONENT)
        // Occurrences moved or cancelled by a RECURRENCE-ID component, by UID.
        var overridden: [String: Set<StartKey>] = [:]
        for (index, event) in events.enumerated() {
            let recurrence = ical.icalcomponent_get_recurrenceid(event)
            guard ical.icaltime_is_null_time(recurrence) == 0, let uid = ical.icalcomponent_get_uid(event) else { continue }
            let property = document.properties(ICAL_RECURRENCEID_PROPERTY, of: event).first
            overridden[String(cString: uid), default: []].insert(try key(recurrence, property: property, event: index, fallback: nil))
        }
        let expanded = events.filter { ical.icalcomponent_get_status($0) != ICAL_STATUS_CANCELLED }
        var rulesLeft = expanded.reduce(0) { $0 + document.properties(ICAL_RRULE_PROPERTY, of: $1).count }
        var found: [CalendarEvent] = []
        for (index, event) in events.enumerated() where ical.icalcomponent_get_status(event) != ICAL_STATUS_CANCELLED {
            let isOverride = ical.icaltime_is_null_time(ical.icalcomponent_get_recurrenceid(event)) == 0
            let uid = ical.icalcomponent_get_uid(event).map { String(cString: $0) }
            let skip = isOverride ? [] : uid.flatMap { overridden[$0] } ?? []
            found += try occurrences(of: event, index: index, skipping: skip, rulesLeft: &rulesLeft, started: started)
            if budget.exceeded == .days || budget.exceeded == .time { break }
        }
        return CalendarRead(events: found, cutShort: budget.cutShort)
    }

    /// The event's occurrences in the window, at most one per local day it starts on (`absorb`).
    private mutating func occurrences(of event: OpaquePointer, index: Int, skipping overridden: Set<StartKey>,
                                      rulesLeft: inout Int, started: Int64) throws(CalendarError) -> [CalendarEvent] {
        let start = ical.icalcomponent_get_dtstart(event)
        guard ical.icaltime_is_null_time(start) == 0 else {
            throw .invalid(path: path, line: lines.eventLine(index), message: "an event without DTSTART")
        }
        let startProperty = document.properties(ICAL_DTSTART_PROPERTY, of: event).first
        if start.zone == nil, tzid(of: startProperty) != nil {
            throw .invalid(path: path, line: lines.eventLine(index, property: "DTSTART"), message: ICalendarLines.unknownZone)
        }
        // Shown in a "why" line and kept for every day it covers: bounded, whatever the file holds.
        let summary = ical.icalcomponent_get_summary(event).map { String(String(cString: $0).prefix(Self.summaryLength)) } ?? "an untitled event"
        let end = ical.icalcomponent_get_dtend(event)
        let isDate = start.is_date != 0
        // All-day events last whole days; DTEND is the day after the last one (RFC 5545 3.6.1).
        let days = isDate ? max(1, ical.icaltime_is_null_time(end) == 0 && end.is_date != 0 ? day(end).dayNumber - day(start).dayNumber : 1) : 0
        let seconds = isDate ? 0 : max(0, ical.icaltime_is_null_time(end) == 0 ? instant(end) - instant(start) : 0)
        let longest = max(days * 86_400, seconds) + 86_400

        var excluded = overridden
        for exdate in document.properties(ICAL_EXDATE_PROPERTY, of: event) {
            excluded.insert(try key(ical.icalproperty_get_exdate(exdate), property: exdate, event: index, fallback: start.zone))
        }
        var kept: [CalendarEvent] = []
        var keptByDay: [Int: Int] = [:]
        /// False once the budget allows no more.
        func take(_ occurrence: icaltimetype) -> Bool {
            let key = isDate ? day(occurrence).dayNumber : instant(occurrence)
            guard !excluded.contains(key), moment(occurrence) <= window.upperBound, moment(occurrence) + longest >= window.lowerBound else { return true }
            let found: CalendarEvent
            if isDate {
                let first = day(occurrence)
                found = CalendarEvent(summary: summary, span: .days(first, through: first.adding(days: days - 1)))
            } else {
                found = CalendarEvent(summary: summary, span: .instants(key, until: key + seconds))
            }
            let localDay = isDate ? key : zone.localTime(at: key).date.dayNumber
            if let known = keptByDay[localDay] {
                kept[known].absorb(found)
                return true
            }
            guard budget.keep(covering: min(isDate ? days : seconds / 86_400 + 2, 367)) else { return false }
            keptByDay[localDay] = kept.count
            kept.append(found)
            return true
        }

        let rules = document.properties(ICAL_RRULE_PROPERTY, of: event)
        if rules.isEmpty, !take(start) { return kept }
        for rule in rules {
            guard let iterator = RecurrenceIterator(ical: ical, rule: ical.icalproperty_get_rrule(rule), start: start) else {
                throw .invalid(path: path, line: lines.eventLine(index, property: "RRULE"), message: "libical cannot expand this RRULE")
            }
            let share = budget.share(rulesLeft: rulesLeft)
            rulesLeft -= 1
            var steps = 0
            defer { budget.took(steps: steps) }
            while true {
                guard steps < share else {
                    budget.cut(.steps)
                    break
                }
                steps += 1
                let next = iterator.next()
                guard ical.icaltime_is_null_time(next) == 0, moment(next) <= window.upperBound else { break }
                if steps % 1024 == 0, !budget.allows(cpu: cpu.now() - started) { return kept }
                if moment(next) + longest >= window.lowerBound, !take(next) { return kept }
            }
        }
        for rdate in document.properties(ICAL_RDATE_PROPERTY, of: event) {
            let value = ical.icalproperty_get_rdate(rdate)
            let time = ical.icaltime_is_null_time(value.time) == 0 ? value.time : value.period.start
            if !take(zoned(time, property: rdate, fallback: start.zone)) { break }
        }
        return kept
    }

    /// The key of a RECURRENCE-ID or EXDATE value, in its own TZID, else the event's zone.
    private func key(_ time: icaltimetype, property: OpaquePointer?, event: Int, fallback: OpaquePointer?) throws(CalendarError) -> StartKey {
        if time.is_date != 0 { return day(time).dayNumber }
        if let property, let tzid = tzid(of: property), resolve(tzid) == nil {
            throw .invalid(path: path, line: lines.eventLine(event), message: ICalendarLines.unknownZone)
        }
        return instant(property.map { zoned(time, property: $0, fallback: fallback) } ?? time)
    }

    private func tzid(of property: OpaquePointer?) -> String? {
        guard let property, let parameter = ical.icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
              let tzid = ical.icalparameter_get_tzid(parameter) else { return nil }
        return String(cString: tzid)
    }

    private func resolve(_ tzid: String) -> OpaquePointer? {
        ical.icalcomponent_get_timezone(document.root, tzid) ?? ical.icaltimezone_get_builtin_timezone(tzid)
    }

    /// The value with the zone its property's TZID names; a floating value takes `fallback`.
    private func zoned(_ time: icaltimetype, property: OpaquePointer, fallback: OpaquePointer?) -> icaltimetype {
        var time = time
        if time.zone == nil, time.is_date == 0 {
            time.zone = tzid(of: property).flatMap(resolve) ?? fallback
        }
        return time
    }

    private func day(_ time: icaltimetype) -> CalendarDate {
        CalendarDate(year: Int(time.year), month: Int(time.month), day: Int(time.day))
    }

    /// Epoch seconds: in its zone, else (floating) in the local zone.
    private func instant(_ time: icaltimetype) -> Int {
        if let timeZone = time.zone { return Int(ical.icaltime_as_timet_with_zone(time, timeZone)) }
        // libical leaves a floating time unchecked (`T250000`, the leap second `T235960`): carried
        // over into the next minute, hour or day as the time itself would run on.
        let seconds = Int(time.hour) * 3600 + Int(time.minute) * 60 + Int(time.second)
        let days = seconds.dividedRoundingDown(by: 86_400)
        let date = day(time).adding(days: days)
        let into = seconds - days * 86_400
        let wall = TimeOfDay(hour: into / 3600, minute: into / 60 % 60, second: into % 60)
        return zone.instant(of: date, at: wall) ?? (date.dayNumber * 86_400 + into)
    }

    /// Where an occurrence starts, for the window: a date at its local midnight.
    private func moment(_ time: icaltimetype) -> Int {
        time.is_date != 0 ? (zone.instant(of: day(time), at: TimeOfDay(hour: 0, minute: 0)) ?? day(time).dayNumber * 86_400) : instant(time)
    }
}

/// libical's iterator over one RRULE's starts, freed with the value.
final package class RecurrenceIterator {
    private let ical: alarmplay_ical_functions
    private let iterator: OpaquePointer

    package init?(ical: alarmplay_ical_functions, rule: icalrecurrencetype, start: icaltimetype) {
        guard let iterator = ical.icalrecur_iterator_new(rule, start) else { return nil }
        self.ical = ical
        self.iterator = iterator
    }

    deinit {
        ical.icalrecur_iterator_free(iterator)
    }

    package func next() -> icaltimetype { ical.icalrecur_iterator_next(iterator) }
}
