import AlarmCore

/// Reads the calendars an alarms file names, each once, into `SkipCalendar`s: I/O at the edge;
/// the window of occurrences kept is set by `now`, the clock of whoever loads.
public struct CalendarLoader {
    public var alarmsPath: String
    public var cacheFolder: String
    public var now: Int
    public var zone: LocalTimeZone
    /// What a URL never fetched yet gives: a command fetches it there and then; `run` and an
    /// edit under the file's lock, which must not wait on the network, count it unread until
    /// `run`'s refresher has fetched it.
    public var fetchesMissing = true
    /// What `run` read of each skip-days calendar before, by file: one it cannot read now keeps those days.
    public var lastGood: [String: SkipCalendar] = [:]
    /// The file's `"calendars"`: a reference that is one of these names stands for its file or URL.
    public var names: [String: String] = [:]

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
        CalendarSource(reference, alarmsPath: alarmsPath, cacheFolder: cacheFolder, names: names)
    }

    /// This loader with the names `file` gives its calendars.
    public func naming(_ file: AlarmFile) -> CalendarLoader {
        var loader = self
        loader.names = file.calendars
        return loader
    }

    /// The events of `source` in the window kept; nil for a URL never fetched that is not fetched here.
    public func events(_ source: CalendarSource) throws(CalendarError) -> CalendarRead? {
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
        return try ICalendarReader.read(in: text, path: source.isRemote ? source.reference : source.path, window: window, zone: zone)
    }

    public func load(_ source: CalendarSource) throws(CalendarError) -> SkipCalendar {
        let read = try events(source)
        return SkipCalendar(name: source.name, events: read?.events ?? [], zone: zone, cutShort: read?.cutShort)
    }

    /// Every alarm with its calendars read; each file is read once however many alarms name it.
    /// A calendar that cannot be read is never a problem of the alarms file (a page's edit, a
    /// server down or a file gone must not stop every edit): a skip-days one keeps the days of
    /// its last good read (`lastGood`), else none, and says why; one that gives the rings
    /// (`fromCalendar`) rings at its fallback and says why.
    public func attach(to alarms: [Alarm]) -> [Alarm] {
        var read: [String: Result<CalendarRead?, CalendarError>] = [:]
        func events(_ reference: String) -> Result<CalendarRead?, CalendarError> {
            if let known = read[reference] { return known }
            let result = Result { () throws(CalendarError) -> CalendarRead? in try self.events(source(reference)) }
            read[reference] = result
            return result
        }
        var alarms = alarms
        for index in alarms.indices {
            let alarm = alarms[index]
            alarms[index].skipDays.calendars = alarm.skipDays.sources.map { skipCalendar(source($0), events($0)) }
            guard var rule = alarm.fromCalendar else { continue }
            switch events(rule.calendar) {
            case let .success(read?):
                rule.appointments = AppointmentDays(name: source(rule.calendar).name, events: read.events, zone: zone, cutShort: read.cutShort)
                rule.problem = nil
            case .success(nil):
                rule.problem = Self.notFetched
            case let .failure(.missing(path)):
                rule.problem = tr("no calendar file at {path}", ["path": path])
            case let .failure(error):
                rule.problem = error.description
            }
            alarms[index].fromCalendar = rule
        }
        return alarms
    }

    /// The skip-days calendars of `alarms` with days worth keeping, by the file they were read
    /// from: what the next read keeps of one it cannot read (`lastGood`).
    public func keptCalendars(of file: AlarmFile) -> [String: SkipCalendar] {
        let loader = naming(file)
        var kept: [String: SkipCalendar] = [:]
        for alarm in file.alarms {
            for (reference, calendar) in zip(alarm.skipDays.sources, alarm.skipDays.calendars) where calendar.problem == nil || !calendar.days.isEmpty {
                kept[loader.source(reference).path] = calendar
            }
        }
        return kept
    }

    private static let notFetched = "not fetched yet"

    private func skipCalendar(_ source: CalendarSource, _ read: Result<CalendarRead?, CalendarError>) -> SkipCalendar {
        switch read {
        case let .success(read?): return SkipCalendar(name: source.name, events: read.events, zone: zone, cutShort: read.cutShort)
        case .success(nil): return SkipCalendar(name: source.name, days: lastGood[source.path]?.days ?? [:], problem: Self.notFetched)
        case let .failure(error): return SkipCalendar(name: source.name, days: lastGood[source.path]?.days ?? [:], problem: error.description)
        }
    }
}
