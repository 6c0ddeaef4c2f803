import AlarmCore
import AlarmAudio

/// Loading the alarms file, and the last good copy that keeps a broken file from silencing
/// tomorrow's alarm: every time the file validates, `run` keeps it byte for byte in its state
/// folder; a file that is invalid when `run` starts (a bad hand edit before a reboot) is reported
/// line by line and the copy rings instead.
extension AlarmDaemon {
    package var lastGoodPath: String { LastGoodCopy.path(statePath: configuration.statePath) }

    /// What reading the alarms file gives, made off the loop on a reload: the file, the sounds
    /// it was checked against and the calendars it names.
    package struct Read: Sendable {
        package var file: AlarmFile
        package var registry: SoundRegistry
        package var calendars: [CalendarSource]
        /// Why the last good copy could not be kept, when it could not.
        package var lastGoodProblem: String?
    }

    /// Reads and checks the file, its sounds and calendars: disk work, with no part of the
    /// daemon's state, so a reload runs it on a worker and a slow card, a FIFO or a huge file in
    /// the file's place cannot hold the loop. A calendar never fetched counts as empty here.
    package static func read(path: String, folders: SoundFolders, statePath: String, now: Int) throws(AlarmFileError) -> Read {
        let registry = SoundRegistry.standard(folders: folders)
        var calendars = CalendarLoader(alarmsPath: path, statePath: statePath, now: now)
        calendars.fetchesMissing = false
        let file = try AlarmFile.load(path: path, sounds: registry, calendars: calendars)
        return Read(file: file, registry: registry, calendars: file.calendarSources(calendars))
    }

    /// A missing file is waited for. Later failures keep the schedule in force; at start the last
    /// good copy stands in, and only without one is an invalid file an error (exit 65).
    package func loadAlarms() throws {
        let result = Result { () throws(AlarmFileError) in
            try Self.read(path: configuration.alarmsPath, folders: configuration.soundFolders,
                          statePath: configuration.statePath, now: clock.now().seconds)
        }
        if case let .success(read) = result { keepLastGood(read.file.text) }
        try apply(result, initial: true)
    }

    /// Reads the file again off the loop; `done` runs once its result is in force.
    package func reload(reason: String, then done: @escaping () -> Void = {}) {
        event(.reload(reason: reason))
        reloads += 1
        let generation = reloads
        let path = configuration.alarmsPath, folders = configuration.soundFolders
        let statePath = configuration.statePath, now = clock.now().seconds
        let lastGood = lastGoodPath
        worker.perform({ () throws -> Read in
            var read = try Self.read(path: path, folders: folders, statePath: statePath, now: now)
            // The copy's fsync too stays off the loop.
            do {
                try Self.keepLastGood(read.file.text, at: lastGood)
            } catch {
                read.lastGoodProblem = "\(error)"
            }
            return read
        }) { [unowned self] outcome in
            // Only the newest reload counts: an older one finishing late holds an older file.
            guard generation == reloads else { return done() }
            if case let .success(read) = outcome, let problem = read.lastGoodProblem { event(.lastGoodNotSaved(problem: problem)) }
            // What came due before the edit is handled as the schedule it was due in.
            evaluate(clockChanged: false)
            try? apply(outcome.mapError { $0 as? AlarmFileError ?? .unreadable(path: path, reason: "\($0)") }, initial: false)
            evaluate(clockChanged: false)
            done()
        }
    }

    private func apply(_ result: Result<Read, AlarmFileError>, initial: Bool) throws {
        do {
            let read = try result.get()
            registry = read.registry
            use(read.file, reloaded: !initial, lastGoodCopy: nil)
            calendarRefresher.keep(read.calendars.filter(\.isRemote))
            alarmsWatcher.watch(read.calendars.map(\.path))
            usingLastGood = false
        } catch {
            if case .missing = error {
                event(initial ? .noAlarms(problem: error.description) : .reloadFailed(problem: error.description))
                if !initial { return }
                model.fileAlarms = []
                return
            }
            fileProblems = error.lines
            guard initial else {
                event(.reloadRejected(file: configuration.alarmsPath, problems: error.lines.count))
                for line in error.lines { event(.reloadFailed(problem: line)) }
                return
            }
            // Sounds are not checked in the copy: one deleted since rings the built-in tone instead.
            guard let text = FileSystem.readText(lastGoodPath),
                  let copy = try? AlarmFile.parse(text, path: lastGoodPath, sounds: nil)
            else { throw error }
            for line in error.lines { event(.loadFailed(problem: line)) }
            use(copy, reloaded: false, lastGoodCopy: lastGoodPath)
            usingLastGood = true
        }
    }

    private func use(_ file: AlarmFile, reloaded: Bool, lastGoodCopy: String?) {
        model.use(file.alarms, pausedUntil: file.pause(at: clock.now().seconds))
        model.fileHooks = file.hooks
        defaults = file.defaults
        documentInForce = file.document
        if lastGoodCopy == nil { fileProblems = [] }
        saveState()
        let next = snapshot().next
        event(.loaded(ScheduleLoaded(
            reloaded: reloaded, count: model.alarms.count, enabled: file.enabledCount,
            next: next.map { ScheduleLoaded.Next(id: $0.alarm.name, at: $0.at) },
            pausedUntil: model.pausedUntil?.description, lastGoodCopy: lastGoodCopy)))
    }

    private func keepLastGood(_ text: String) {
        do {
            try Self.keepLastGood(text, at: lastGoodPath)
        } catch {
            event(.lastGoodNotSaved(problem: error.description))
        }
    }

    private static func keepLastGood(_ text: String, at path: String) throws(SystemError) {
        guard FileSystem.readText(path) != text else { return }
        try AtomicFile.write(text, to: path, mode: 0o600)
    }

    /// What rings, what waits and what rings next, now: what every face renders.
    package func snapshot() -> Snapshot {
        var snapshot = model.snapshot(heard: engine.heard?.key, bell: engine.heard?.bell == true)
        snapshot.preflight = preflightStatus
        snapshot.sleep = sleepTimer
        return snapshot
    }
}
