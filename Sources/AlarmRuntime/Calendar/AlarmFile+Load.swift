import AlarmCore

/// Reading the alarms file from disk with its calendars attached: the core parses text; this, in
/// the runtime, does the file and calendar work.
extension AlarmFile {
    /// Reads and validates `path` and the calendars it names (`calendars`: how; nil, from the
    /// default cache folder and now). `sounds` checks every sound the file names; nil skips that.
    /// A calendar that cannot be read is a warning on its alarms (`warnings`), not an error.
    public static func load(path: String, sounds: SoundRegistry?, calendars: CalendarLoader? = nil) throws(AlarmFileError) -> AlarmFile {
        var file = try read(path: path, sounds: sounds)
        let loader = calendars ?? CalendarLoader(alarmsPath: path, environment: .current(), now: SystemClock().now().seconds)
        file.alarms = loader.naming(file).attach(to: file.alarms)
        return file
    }

    /// Reads and validates `path` alone, its calendars unread: what `restore` checks.
    public static func read(path: String, sounds: SoundRegistry?) throws(AlarmFileError) -> AlarmFile {
        let bytes: [UInt8]
        switch FileRead.bytes(path) {
        case let .success(read): bytes = read
        case .failure(.missing): throw .missing(path: path)
        case let .failure(failure): throw .unreadable(path: path, reason: failure.description)
        }
        if let problem = UTF8Check.firstProblem(in: bytes) { throw .invalid(path: path, problems: [problem]) }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path, sounds: sounds)
    }

    /// The calendars its alarms name, each file or URL once, in file order.
    public func calendarSources(_ loader: CalendarLoader) -> [CalendarSource] {
        var seen: Set<String> = []
        return alarms.flatMap { $0.skipDays.sources + ($0.fromCalendar.map { [$0.calendar] } ?? []) }
            .map(loader.naming(self).source).filter { seen.insert($0.reference).inserted }
    }
}
