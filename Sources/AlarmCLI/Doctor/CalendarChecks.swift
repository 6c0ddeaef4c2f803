import AlarmCore
import AlarmRuntime

extension DoctorChecks {
    /// One line per remote `skipDays` calendar: when its copy was fetched, and why the last
    /// refresh failed if it did. Advice only: a stale copy still skips its days and alarms ring.
    public static func calendars(_ file: AlarmFile, loader: CalendarLoader, format: TimeFormat = TimeFormat()) -> [DoctorCheck] {
        file.calendarSources(loader).filter(\.isRemote).map { source in
            let name = "calendar \(source.reference)"
            let copy = FileSystem.modificationTime(source.path)
            let age = copy.map { tr("using the copy from {time} ({relative})", ["time": format.short($0), "relative": TimeFormat.relative(from: loader.now, to: $0)]) }
            guard let failure = CalendarFetcher.lastFailure(of: source) else {
                return age.map { .ok(name, $0) } ?? DoctorCheck(name, .advice, tr("never fetched"), fix: tr("check the address"))
            }
            let copyUsed = age ?? tr("no copy yet, its days are not skipped")
            return DoctorCheck(name, .advice, tr("could not be refreshed: {reason}; {copy}", ["reason": failure, "copy": copyUsed]),
                               fix: tr("check the address and the network ('run' retries)"))
        }
    }
}
