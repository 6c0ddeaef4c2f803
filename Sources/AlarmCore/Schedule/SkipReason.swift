/// Why a ring that the alarm's pattern names does not happen, in the words `next`, `list` and
/// the page use.
public enum SkipReason: Sendable, Equatable {
    /// An event of a `skipDays` calendar covers its day.
    case calendar(summary: String, calendar: String)
    /// One of the alarm's `except` dates.
    case except
    /// A `fromCalendar` alarm on a day without a timed event in `calendar` (and no `otherwise`).
    case noAppointment(calendar: String)
    /// `alarmplay pause`: nothing rings before that date.
    case paused(until: CalendarDate)
    /// `alarmplay skip`: this one ring.
    case skippedOnce

    /// `Christmas Day (holidays.ics)`, `an except date`, `paused until 2027-01-04`, in the reader's
    /// language (`kind` is the word for programs).
    public var text: String {
        switch self {
        case let .calendar(summary, calendar): return "\(summary) (\(calendar))"
        case .except: return tr("an except date")
        case let .noAppointment(calendar): return tr("no timed event in {calendar}", ["calendar": calendar])
        case let .paused(until): return tr("paused until {date}", ["date": until.description])
        case .skippedOnce: return tr("skipped once ('alarmplay unskip' undoes it)")
        }
    }

    /// `calendar`, `except`, `pause`, `skip`: for JSON readers.
    public var kind: String {
        switch self {
        case .calendar: return "calendar"
        case .except: return "except"
        case .noAppointment: return "no_appointment"
        case .paused: return "pause"
        case .skippedOnce: return "skip"
        }
    }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind)), ("text", .string(text))]
        switch self {
        case let .calendar(summary, calendar): members += [("summary", .string(summary)), ("calendar", .string(calendar))]
        case let .paused(until): members.append(("until", .string(until.description)))
        case let .noAppointment(calendar): members.append(("calendar", .string(calendar)))
        case .except, .skippedOnce: break
        }
        return .object(members)
    }
}

/// A ring the alarm's pattern names that does not happen, and why.
public struct SkippedRing: Sendable, Equatable {
    public var alarm: Alarm
    /// Epoch seconds it would have rung.
    public var at: Int
    public var reason: SkipReason

    public init(alarm: Alarm, at: Int, reason: SkipReason) {
        self.alarm = alarm
        self.at = at
        self.reason = reason
    }
}

extension SkippedRing {
    /// `skipped: Fri 25 Dec — Christmas Day (holidays.ics)`
    public func line(format: TimeFormat) -> String {
        tr("skipped: {day} — {reason}", ["day": format.day(at), "reason": reason.text])
    }
}
