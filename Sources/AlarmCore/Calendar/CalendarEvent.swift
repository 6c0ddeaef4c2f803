/// One occurrence of an iCalendar event, as `ICalendarReader` expands it: what it is called and
/// the stretch of time it takes. Pure data; which local days that is depends on the zone.
public struct CalendarEvent: Sendable, Equatable {
    public enum Span: Sendable, Equatable {
        /// An all-day event: these dates, the last one included, whatever the zone.
        case days(CalendarDate, through: CalendarDate)
        /// An event with times: from `start` up to (not including) `end`, epoch seconds.
        case instants(Int, until: Int)
    }

    public var summary: String
    public var span: Span

    public init(summary: String, span: Span) {
        self.summary = summary
        self.span = span
    }

    /// `other`, an occurrence of the same event starting the same local day, folded into this
    /// one: the earlier start, the later end. The dates covered and the day's first start are
    /// those of the two, so a rule repeating every minute keeps one occurrence a day, not 1,440.
    mutating public func absorb(_ other: CalendarEvent) {
        switch (span, other.span) {
        case let (.days(first, last), .days(otherFirst, otherLast)):
            span = .days(min(first, otherFirst), through: max(last, otherLast))
        case let (.instants(start, end), .instants(otherStart, otherEnd)):
            span = .instants(min(start, otherStart), until: max(end, otherEnd))
        default:
            break
        }
    }

    /// The local dates it covers: a timed event covers each day it touches, except the day it
    /// ends on when it ends at that day's first instant (a party until midnight keeps tomorrow).
    public func coveredDates(zone: LocalTimeZone) -> [CalendarDate] {
        let (first, last): (CalendarDate, CalendarDate)
        switch span {
        case let .days(start, through):
            (first, last) = (start, max(start, through))
        case let .instants(start, until):
            (first, last) = (zone.localTime(at: start).date, zone.localTime(at: max(start, until - 1)).date)
        }
        // A year bounds the damage of an event that claims to last for ever.
        return (0...min(last.dayNumber - first.dayNumber, 366)).map { first.adding(days: $0) }
    }
}
