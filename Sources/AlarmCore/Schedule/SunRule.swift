/// Where the alarm's sun is (`"location": {"latitude": 52.52, "longitude": 13.4}`).
public struct Location: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A ring that follows the sun (`"sun": {"event": "sunrise", "offset": "-30m", "earliest": "06:00",
/// "latest": "07:30"}`): each day's event at the alarm's location, moved by `offset`, kept between
/// `earliest` and `latest`. A day the event does not happen (polar night or day) rings at
/// `latest`, else `earliest`, else the alarm's `time`.
public struct SunRule: Sendable, Equatable {
    public var event: SolarTime.Event
    /// Seconds, negative: before the event.
    public var offset: Int
    /// How far `offset` moves the ring either way: 6 h.
    public static let maximumOffset = 6 * 3600
    public var earliest: TimeOfDay?
    public var latest: TimeOfDay?

    public init(event: SolarTime.Event, offset: Int = 0, earliest: TimeOfDay? = nil, latest: TimeOfDay? = nil) {
        self.event = event
        self.offset = offset
        self.earliest = earliest
        self.latest = latest
    }

    /// `sunrise −30m (06:00–07:30)`: the rule in a few words, for `list`, in the reader's language
    /// as a calendar rule's are.
    public var description: String {
        let minutes = offset / 60
        let moved = offset == 0 ? "" : minutes < 0 ? " −\(DurationText.format(-offset))" : " +\(DurationText.format(offset))"
        let bounds = earliest == nil && latest == nil ? "" : " (\(earliest?.description ?? "")–\(latest?.description ?? ""))"
        return event.words + moved + bounds
    }

    /// The local time it rings on `date` at `location`, and the event's own instant (nil on a day without it).
    public func time(on date: CalendarDate, at location: Location, otherwise fallback: TimeOfDay, zone: LocalTimeZone) -> (time: TimeOfDay, event: Int?) {
        guard let sun = SolarTime.instant(of: event, on: date, latitude: location.latitude, longitude: location.longitude) else {
            return (latest ?? earliest ?? fallback, nil)
        }
        // On the nearest whole minute, as people set alarms.
        let local = zone.localTime(at: Int((Double(sun + offset) / 60).rounded()) * 60)
        // Moved past midnight (a large offset): the bound nearest that side.
        var time = local.date < date ? TimeOfDay(hour: 0, minute: 0) : local.date > date ? TimeOfDay(hour: 23, minute: 59, second: 59) : local.time
        if let earliest, time < earliest { time = earliest }
        if let latest, time > latest { time = latest }
        return (time, sun)
    }
}
