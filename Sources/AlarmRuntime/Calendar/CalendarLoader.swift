import AlarmCore

/// Reads the calendars an alarms file names, each once, into `SkipCalendar`s: I/O at the edge;
/// the window of occurrences kept is set by `now`, the clock of whoever loads.
public struct CalendarLoader {
    public var alarmsPath: String
    public var cacheFolder: String
    public var now: Int
    public var zone: LocalTimeZone
    /// What a URL never fetched yet gives: a command fetches it there and then; `run`, which
    /// must not wait on the network, counts it empty until its refresher has fetched it.
    public var fetchesMissing = true

    /// Occurrences from a year back (a long event still in progress) to five years ahead.
    public static let pastDays = 400
    public static let futureDays = 5 * 366

    public init(alarmsPath: String, cacheFolder: String, now: Int, zone: LocalTimeZone = .current) {
        self.alarmsPath = alarmsPath
        self.cacheFolder = cacheFolder
        self.now = now
        self.zone = zone
    }

    /// Remote calendars' copies beside `state.json` (`$XDG_STATE_HOME/alarmplay/calendars`).
    public init(alarmsPath: String, statePath: String, now: Int, zone: LocalTimeZone = .current) {
        self.init(alarmsPath: alarmsPath, cacheFolder: FileSystem.parent(of: statePath) + "/calendars", now: now, zone: zone)
    }

    public init(alarmsPath: String, environment: Environment, now: Int, zone: LocalTimeZone = .current) {
        self.init(alarmsPath: alarmsPath, statePath: StateStore(environment: environment).path, now: now, zone: zone)
    }

    public func source(_ reference: String) -> CalendarSource {
        CalendarSource(reference, alarmsPath: alarmsPath, cacheFolder: cacheFolder)
    }

    public func load(_ source: CalendarSource) throws(CalendarError) -> SkipCalendar {
        if source.isRemote, !FileSystem.exists(source.path) {
            guard fetchesMissing else { return SkipCalendar(name: source.name, days: [:]) }
            if let failure = CalendarFetcher.refresh(source, zone: zone) { throw .notFetched(url: source.reference, reason: failure) }
        }
        let bytes: [UInt8]
        switch FileRead.bytes(source.path) {
        case let .success(read): bytes = read
        case .failure(.missing): throw .missing(path: source.path)
        case let .failure(failure): throw .unreadable(path: source.path, reason: failure.description)
        }
        let window = (now - Self.pastDays * 86_400)...(now + Self.futureDays * 86_400)
        let text = String(decoding: bytes, as: UTF8.self)
        let events = try ICalendarReader.events(in: text, path: source.isRemote ? source.reference : source.path, window: window, zone: zone)
        return SkipCalendar(name: source.name, events: events, zone: zone)
    }

    /// Every alarm with its calendars read; each file is read once however many alarms name it.
    public func attach(to alarms: [Alarm]) throws(CalendarError) -> [Alarm] {
        var read: [String: SkipCalendar] = [:]
        var alarms = alarms
        for index in alarms.indices where !alarms[index].skipDays.sources.isEmpty {
            var calendars: [SkipCalendar] = []
            for reference in alarms[index].skipDays.sources {
                if let calendar = read[reference] {
                    calendars.append(calendar)
                    continue
                }
                let calendar = try load(source(reference))
                read[reference] = calendar
                calendars.append(calendar)
            }
            alarms[index].skipDays.calendars = calendars
        }
        return alarms
    }
}
