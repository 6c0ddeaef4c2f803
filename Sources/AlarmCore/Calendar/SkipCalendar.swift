/// The days one iCalendar file keeps an alarm quiet: every local date an event of it covers,
/// with that event's summary. Pure data, built from what `ICalendarReader` read; `SkipDays`
/// decides with it.
public struct SkipCalendar: Sendable, Equatable {
    /// As the alarms file names it (`holidays.ics`), or a URL's last part: what "why" lines show.
    public var name: String
    /// The summaries of the events covering each date, in file order, joined with ", ".
    public var days: [CalendarDate: String]
    /// Why the file could not be read this time: a warning on the alarms that name it, never a
    /// problem of the alarms file, so one broken calendar cannot stop every edit. Its `days` are
    /// then those of its last good read, if `run` had one, else none (the alarms ring).
    public var problem: String?
    /// Why it was read only in part (`CalendarBudget`): a warning; the days read count.
    public var cutShort: String?

    public init(name: String, days: [CalendarDate: String], problem: String? = nil) {
        self.name = name
        self.days = days
        self.problem = problem
    }

    /// A day's "why" names this many events at most, then "…": a line to read, whatever the file holds.
    public static let summariesPerDay = 5

    public init(name: String, events: [CalendarEvent], zone: LocalTimeZone, cutShort: String? = nil) {
        var summaries: [CalendarDate: [String]] = [:]
        for event in events {
            for date in event.coveredDates(zone: zone) {
                let known = summaries[date] ?? []
                guard known.count <= Self.summariesPerDay, !known.contains(event.summary) else { continue }
                summaries[date, default: []].append(known.count == Self.summariesPerDay ? "…" : event.summary)
            }
        }
        let days = summaries.mapValues { $0.joined(separator: ", ") }
        self.init(name: name, days: days)
        self.cutShort = cutShort
    }
}

/// The calendars one alarm skips the days of (`"skipDays"`): its own list, else the file's.
public struct SkipDays: Sendable, Equatable {
    /// As written in the alarms file: paths (relative to it) and `http:`/`https:` URLs.
    public var sources: [String]
    /// What the loader read for `sources`, in the same order; empty until it has.
    public var calendars: [SkipCalendar]

    public init(sources: [String] = [], calendars: [SkipCalendar] = []) {
        self.sources = sources
        self.calendars = calendars
    }

    public var isEmpty: Bool { calendars.isEmpty }

    /// Why the alarm is quiet on `date`: the first calendar with an event that day.
    public func reason(on date: CalendarDate) -> SkipReason? {
        for calendar in calendars {
            if let summary = calendar.days[date] { return .calendar(summary: summary, calendar: calendar.name) }
        }
        return nil
    }
}
