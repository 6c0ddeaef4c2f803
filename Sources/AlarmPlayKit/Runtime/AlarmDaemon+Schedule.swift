/// Loading the alarms file, and the last good copy that keeps a broken file from silencing
/// tomorrow's alarm: every time the file validates, `run` keeps it byte for byte in its state
/// folder; a file that is invalid when `run` starts (a bad hand edit before a reboot) is reported
/// line by line and the copy rings instead.
extension AlarmDaemon {
    var lastGoodPath: String { FileSystem.parent(of: configuration.statePath) + "/last-good-alarms.json" }

    /// A missing file is waited for. Later failures keep the schedule in force; at start the last
    /// good copy stands in, and only without one is an invalid file an error (exit 65).
    func loadAlarms(initial: Bool) throws {
        registry = .standard(folders: configuration.soundFolders)
        do {
            var calendars = CalendarLoader(alarmsPath: configuration.alarmsPath, statePath: configuration.statePath, now: clock.now().seconds)
            calendars.fetchesMissing = false
            let file = try AlarmFile.load(path: configuration.alarmsPath, sounds: registry, calendars: calendars)
            use(file, reloaded: !initial, lastGoodCopy: nil)
            let sources = file.calendarSources(calendars)
            calendarRefresher.keep(sources.filter(\.isRemote))
            alarmsWatcher.watch(sources.map(\.path))
            usingLastGood = false
            keepLastGood(file.text)
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

    func reload(reason: String) {
        event(.reload(reason: reason))
        // What came due before the edit is handled as the schedule it was due in.
        evaluate(clockChanged: false)
        try? loadAlarms(initial: false)
        evaluate(clockChanged: false)
    }

    private func use(_ file: AlarmFile, reloaded: Bool, lastGoodCopy: String?) {
        model.use(file.alarms, pausedUntil: file.pause(at: clock.now().seconds))
        model.fileHooks = file.hooks
        defaults = file.defaults
        if lastGoodCopy == nil { fileProblems = [] }
        saveState()
        let next = snapshot().next
        event(.loaded(ScheduleLoaded(
            reloaded: reloaded, count: model.alarms.count, enabled: file.enabledCount,
            next: next.map { ScheduleLoaded.Next(id: $0.alarm.name, at: $0.at) },
            pausedUntil: model.pausedUntil?.description, lastGoodCopy: lastGoodCopy)))
    }

    private func keepLastGood(_ text: String) {
        guard FileSystem.readText(lastGoodPath) != text else { return }
        do {
            try AtomicFile.write(text, to: lastGoodPath, mode: 0o600)
        } catch {
            event(.lastGoodNotSaved(problem: error.description))
        }
    }

    /// What rings, what waits and what rings next, now: what every face renders.
    func snapshot() -> Snapshot {
        var snapshot = model.snapshot(heard: engine.heard?.key, bell: engine.heard?.bell == true)
        snapshot.preflight = preflightStatus
        snapshot.sleep = sleepTimer
        return snapshot
    }
}
