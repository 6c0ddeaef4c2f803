extension DoctorChecks {
    /// One line per remote `skipDays` calendar: when its copy was fetched, and why the last
    /// refresh failed if it did. Advice only: a stale copy still skips its days and alarms ring.
    public static func calendars(_ file: AlarmFile, loader: CalendarLoader, format: TimeFormat = TimeFormat()) -> [DoctorCheck] {
        file.calendarSources(loader).filter(\.isRemote).map { source in
            let name = "calendar \(source.reference)"
            let copy = FileSystem.modificationTime(source.path)
            let age = copy.map { "the copy from \(format.short($0)) (\(TimeFormat.relative(from: loader.now, to: $0)))" }
            guard let failure = CalendarFetcher.lastFailure(of: source) else {
                return age.map { .ok(name, "using " + $0) } ?? DoctorCheck(name, .advice, "never fetched", fix: "check the address")
            }
            return DoctorCheck(name, .advice, "could not be refreshed: \(failure); " + (age.map { "using " + $0 } ?? "no copy yet, its days are not skipped"),
                               fix: "check the address and the network ('run' retries)")
        }
    }
}
