import AlarmCore
import AlarmAudio

/// Where `run`'s schedule comes from: the alarms file, and the last good copy that keeps a broken
/// file from silencing tomorrow's alarm. Every time the file validates, `run` keeps it byte for
/// byte in its state folder; a file that is invalid when `run` starts (a bad hand edit before a
/// reboot) is reported line by line and the copy rings instead. Decides what a read means; the
/// daemon applies it to the schedule.
package final class ScheduleSource {
    /// What reading the alarms file gives, made off the loop on a reload: the file, the sounds
    /// it was checked against and the calendars it names.
    package struct Read: Sendable {
        package var file: AlarmFile
        package var scanned: SoundScans.Scanned
        package var calendars: [CalendarSource]
        /// The skip-days calendars read, by file: what the next read keeps of one it cannot read.
        package var keptCalendars: [String: SkipCalendar]
        /// Why the last good copy could not be kept, when it could not.
        package var lastGoodProblem: String?
    }

    /// What a read means for the schedule in force.
    package enum Decision {
        /// The file is the schedule (`lastGoodCopy`: the copy stands in for a broken file, whose
        /// problems are `problems`); `notKept`: why the file could not be kept as the copy.
        case use(AlarmFile, calendars: [CalendarSource], reloaded: Bool, lastGoodCopy: String?, problems: [String], notKept: String?)
        /// No file: waited for (at start, nothing rings; later, the schedule in force stays).
        case missing(problem: String, initial: Bool)
        /// A broken file on a reload: the schedule in force stays.
        case rejected(problems: [String])
    }

    package let alarmsPath: String
    package let folders: SoundFolders
    package let statePath: String
    /// The sounds in force: the newest scan's (the schedule in force was checked against them, or an older scan).
    package private(set) var registry: SoundRegistry
    private var registryScan = 0
    package let scans: SoundScans
    package private(set) var defaults = AlarmSettings.builtIn
    /// The alarms document the schedule was read from (the file, or the last good copy).
    package private(set) var documentInForce = AlarmEdit.emptyDocument
    /// Why the alarms file on disk is not the schedule in force (empty when it is).
    package private(set) var fileProblems: [String] = []
    /// The file's `"inputs"`.
    package private(set) var inputs: [InputSettings] = []
    /// The file's `"night"`.
    package private(set) var night = NightHours()
    /// True while `run` rings from its last good copy because the file was invalid at start.
    package private(set) var usingLastGood = false
    /// True while there is no alarms file: the schedule in force stays (none, at start).
    package private(set) var fileMissing = false
    /// Keeps the remote calendars the file names fresh, off the loop.
    package let calendarRefresher: CalendarRefresher
    /// Reloads asked for so far: a reload's result is used only if no later one was asked.
    private var reloads = 0
    /// The skip-days calendars in force, by file: a calendar that breaks keeps these days.
    private var keptCalendars: [String: SkipCalendar] = [:]
    /// The file's `"calendars"`, which alarms name calendars by.
    private var calendarNames: [String: String] = [:]

    package init(alarmsPath: String, folders: SoundFolders, statePath: String, notifier: Notifier) {
        calendarRefresher = CalendarRefresher(notifier: notifier)
        self.alarmsPath = alarmsPath
        self.folders = folders
        self.statePath = statePath
        scans = SoundScans(folders: folders)
        // The one scan at start: the first read checks the file against it.
        let first = scans.scan()
        registry = first.sounds
        registryScan = first.number
    }

    /// Takes a scan's sounds unless newer ones are in force already.
    package func take(_ scanned: SoundScans.Scanned) {
        guard scanned.number > registryScan else { return }
        registry = scanned.sounds
        registryScan = scanned.number
    }

    package var lastGoodPath: String { LastGoodCopy.path(statePath: statePath) }

    /// Reads and checks the file, its sounds and calendars: disk work, with no part of the
    /// daemon's state, so a reload runs it on a worker and a slow card, a FIFO or a huge file in
    /// the file's place cannot hold the loop. A calendar never fetched counts as unread here, and
    /// one that cannot be read keeps its days in `kept`.
    package static func read(path: String, scanned: SoundScans.Scanned, statePath: String, now: Int,
                             kept: [String: SkipCalendar] = [:]) throws(AlarmFileError) -> Read {
        let registry = scanned.sounds
        var calendars = CalendarLoader(alarmsPath: path, statePath: statePath, now: now)
        calendars.fetchesMissing = false
        calendars.lastGood = kept
        let file = try AlarmFile.load(path: path, sounds: registry, calendars: calendars)
        return Read(file: file, scanned: scanned, calendars: file.calendarSources(calendars), keptCalendars: calendars.keptCalendars(of: file))
    }

    /// At start, before anything rings: read here, and the copy kept. Throws only when the file
    /// is invalid and there is no last good copy (exit 65).
    package func loadInitial(now: Int) throws(AlarmFileError) -> Decision {
        var result = Result { () throws(AlarmFileError) in try Self.read(path: alarmsPath, scanned: SoundScans.Scanned(number: registryScan, sounds: registry),
                                                                    statePath: statePath, now: now) }
        if case var .success(read) = result {
            read.lastGoodProblem = Self.keepLastGood(read.file.text, at: lastGoodPath)
            result = .success(read)
        }
        return try decide(result, initial: true)
    }

    /// A reload's work, for a worker, and its generation (see `finishReload`).
    package func startReload(now: Int) -> (generation: Int, work: @Sendable () throws -> Read) {
        reloads += 1
        let path = alarmsPath, scans = scans, statePath = statePath, lastGood = lastGoodPath, kept = keptCalendars
        return (reloads, {
            var read = try Self.read(path: path, scanned: scans.scan(), statePath: statePath, now: now, kept: kept)
            // The copy's fsync too stays off the loop.
            read.lastGoodProblem = Self.keepLastGood(read.file.text, at: lastGood)
            return read
        })
    }

    /// What a reload's result means; nil when a later reload was asked meanwhile (an older one
    /// finishing late holds an older file).
    package func finishReload(generation: Int, _ outcome: Result<Read, any Error>) -> Decision? {
        // Its sounds are taken even so, if no newer scan's are in force: they are as fresh as any.
        if case let .success(read) = outcome { take(read.scanned) }
        guard generation == reloads else { return nil }
        let path = alarmsPath
        return try? decide(outcome.mapError { $0 as? AlarmFileError ?? .unreadable(path: path, reason: "\($0)") }, initial: false)
    }

    private func decide(_ result: Result<Read, AlarmFileError>, initial: Bool) throws(AlarmFileError) -> Decision {
        do {
            let read = try result.get()
            take(read.scanned)
            keptCalendars = read.keptCalendars
            use(read.file, lastGood: false)
            return .use(read.file, calendars: read.calendars, reloaded: !initial, lastGoodCopy: nil, problems: [], notKept: read.lastGoodProblem)
        } catch {
            if case let .missing(path) = error {
                fileMissing = true
                // Once a schedule is in force, `add`'s advice would replace it with one alarm.
                let problem = initial ? error.description
                    : tr("no alarms file at {path}: the schedule in force stays; 'alarmplay restore' puts the last good copy back", ["path": path])
                return .missing(problem: problem, initial: initial)
            }
            fileMissing = false
            fileProblems = error.lines
            guard initial else { return .rejected(problems: error.lines) }
            // Sounds are not checked in the copy: one deleted since rings the built-in tone instead.
            guard let text = FileSystem.readText(lastGoodPath), let copy = try? AlarmFile.parse(text, path: lastGoodPath, sounds: nil) else {
                throw error
            }
            use(copy, lastGood: true)
            return .use(copy, calendars: [], reloaded: false, lastGoodCopy: lastGoodPath, problems: error.lines, notKept: nil)
        }
    }

    private func use(_ file: AlarmFile, lastGood: Bool) {
        defaults = file.defaults
        documentInForce = file.document
        inputs = file.inputs
        night = file.night
        calendarNames = file.calendars
        usingLastGood = lastGood
        fileMissing = false
        if !lastGood { fileProblems = [] }
    }

    /// Nil when kept (or already the same), else why not.
    private static func keepLastGood(_ text: String, at path: String) -> String? {
        guard FileSystem.readText(path) != text else { return nil }
        do {
            try AtomicFile.write(text, to: path, mode: 0o600)
            return nil
        } catch {
            return error.description
        }
    }

    /// An alarm as `list` and the faces show it, with its sound named as these sounds name it
    /// (and, for a folder, the file its next ring plays).
    package func listing(_ alarm: Alarm, in snapshot: Snapshot) -> AlarmListing {
        snapshot.listing(alarm, registry: registry)
    }

    /// Before `ring`'s check: a ring from a remote calendar follows its latest copy (a new one
    /// reloads the schedule); one fetched within half the check's lead is as fresh as it can be.
    package func refreshCalendar(before ring: Ring) {
        guard let named = ring.alarm.fromCalendar?.calendar else { return }
        let calendar = calendarNames[named] ?? named
        guard CalendarSource.isRemote(calendar) else { return }
        calendarRefresher.refresh(calendar, fresherThan: min(600, Double(ring.alarm.settings.preflight) / 2))
    }
}
