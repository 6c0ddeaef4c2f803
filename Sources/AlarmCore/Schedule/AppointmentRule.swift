/// A ring from the day's first appointment (`"fromCalendar": {"calendar": "work.ics", "before":
/// "1h30m", "earliest": "05:30", "latest": "09:00", "otherwise": "07:00"}`): the first timed event
/// that starts that day, less `before`, kept between `earliest` and `latest`. A day without one
/// rings at `otherwise`, or not at all. A calendar that cannot be read rings every day at
/// `otherwise` (else `latest`, `earliest`, the alarm's `time`), so a server that is down never
/// silences the alarm.
public struct AppointmentRule: Sendable, Equatable {
    /// As written in the alarms file: a path (relative to it) or an `http:`/`https:` URL.
    public var calendar: String
    /// Seconds before the appointment.
    public var before: Int
    public var earliest: TimeOfDay?
    public var latest: TimeOfDay?
    /// The time of a day without a timed event; nil: no ring that day.
    public var otherwise: TimeOfDay?
    /// What the loader read; nil until it has, or when it could not (`problem`).
    public var appointments: AppointmentDays?
    /// Why the calendar could not be read, as the loader said.
    public var problem: String?

    public init(calendar: String, before: Int = 0, earliest: TimeOfDay? = nil, latest: TimeOfDay? = nil, otherwise: TimeOfDay? = nil) {
        self.calendar = calendar
        self.before = before
        self.earliest = earliest
        self.latest = latest
        self.otherwise = otherwise
    }

    /// What a day comes to.
    public enum Day: Sendable, Equatable {
        /// Rings at `time` for `appointment`.
        case appointment(TimeOfDay, AppointmentDays.First)
        /// No timed event that day: rings at `otherwise`.
        case otherwise(TimeOfDay)
        /// The calendar cannot be read: rings at the fallback.
        case unread(TimeOfDay, problem: String)
        /// No timed event, and no `otherwise`: no ring.
        case none
    }

    /// The fallback for a calendar not read: `otherwise`, else `latest`, `earliest`, then `time`.
    public func fallback(_ time: TimeOfDay) -> TimeOfDay { otherwise ?? latest ?? earliest ?? time }

    public func day(_ date: CalendarDate, time: TimeOfDay, zone: LocalTimeZone) -> Day {
        guard let appointments else { return .unread(fallback(time), problem: problem ?? "not read yet") }
        guard let first = appointments.days[date] else { return otherwise.map(Day.otherwise) ?? .none }
        let local = zone.localTime(at: first.start - before)
        // Moved into the day before (an appointment just after midnight): the day's first moment, then the bounds.
        var ring = local.date < date ? TimeOfDay(hour: 0, minute: 0) : local.time
        if let earliest, ring < earliest { ring = earliest }
        if let latest, ring > latest { ring = latest }
        return .appointment(ring, first)
    }

    /// The name "why" lines use: the file as written, a URL by its last part.
    public var calendarName: String {
        appointments?.name ?? (calendar.split(separator: "?").first.flatMap { $0.split(separator: "/").last }.map(String.init) ?? calendar)
    }

    /// `first event in work.ics −1h30m (05:30–09:00), else 07:00`: the rule in a few words, for `list`.
    public var description: String {
        let moved = before == 0 ? "" : " −" + DurationText.format(before)
        let bounds = earliest == nil && latest == nil ? "" : " (\(earliest?.description ?? "")–\(latest?.description ?? ""))"
        return tr("first event in {calendar}", ["calendar": calendarName]) + moved + bounds
            + (otherwise.map { tr(", else {time}", ["time": $0.description]) } ?? "")
    }
}

/// The first timed event of each local date of one calendar: all-day events do not count.
public struct AppointmentDays: Sendable, Equatable {
    public struct First: Sendable, Equatable {
        /// Epoch seconds.
        public var start: Int
        public var summary: String

        public init(start: Int, summary: String) {
            self.start = start
            self.summary = summary
        }
    }

    public var name: String
    public var days: [CalendarDate: First]
    /// Why the calendar was read only in part (`CalendarBudget`): a warning; the days read count.
    public var cutShort: String?

    public init(name: String, events: [CalendarEvent], zone: LocalTimeZone, cutShort: String? = nil) {
        self.name = name
        self.cutShort = cutShort
        var days: [CalendarDate: First] = [:]
        for event in events {
            guard case let .instants(start, _) = event.span else { continue }
            let date = zone.localTime(at: start).date
            if let known = days[date], known.start <= start { continue }
            days[date] = First(start: start, summary: event.summary)
        }
        self.days = days
    }
}
