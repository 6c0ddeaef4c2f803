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

    /// The events of `source` in the window kept; nil for a URL never fetched that is not fetched here.
    public func events(_ source: CalendarSource) throws(CalendarError) -> [CalendarEvent]? {
        if source.isRemote, !FileSystem.exists(source.path) {
            guard fetchesMissing else { return nil }
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
        return try ICalendarReader.events(in: text, path: source.isRemote ? source.reference : source.path, window: window, zone: zone)
    }

    public func load(_ source: CalendarSource) throws(CalendarError) -> SkipCalendar {
        SkipCalendar(name: source.name, events: try events(source) ?? [], zone: zone)
    }

    /// Every alarm with its calendars read; each file is read once however many alarms name it.
    /// A skip-days calendar that cannot be read is an error of the file; one that gives the
    /// rings (`fromCalendar`) is not: its alarm rings at its fallback and says why.
    public func attach(to alarms: [Alarm]) throws(CalendarError) -> [Alarm] {
        var read: [String: Result<[CalendarEvent]?, CalendarError>] = [:]
        func events(_ reference: String) -> Result<[CalendarEvent]?, CalendarError> {
            if let known = read[reference] { return known }
            let result = Result { () throws(CalendarError) -> [CalendarEvent]? in try self.events(source(reference)) }
            read[reference] = result
            return result
        }
        var skipCalendars: [String: SkipCalendar] = [:]
        var alarms = alarms
        for index in alarms.indices {
            let alarm = alarms[index]
            alarms[index].skipDays.calendars = try alarm.skipDays.sources.map { reference throws(CalendarError) in
                if let known = skipCalendars[reference] { return known }
                let calendar = SkipCalendar(name: source(reference).name, events: try events(reference).get() ?? [], zone: zone)
                skipCalendars[reference] = calendar
                return calendar
            }
            guard var rule = alarm.fromCalendar else { continue }
            switch events(rule.calendar) {
            case let .success(read?):
                rule.appointments = AppointmentDays(name: source(rule.calendar).name, events: read, zone: zone)
                rule.problem = nil
            case .success(nil):
                rule.problem = "not fetched yet"
            case let .failure(.missing(path)):
                rule.problem = tr("no calendar file at {path}", ["path": path])
            case let .failure(error):
                rule.problem = error.description
            }
            alarms[index].fromCalendar = rule
        }
        return alarms
    }
}
