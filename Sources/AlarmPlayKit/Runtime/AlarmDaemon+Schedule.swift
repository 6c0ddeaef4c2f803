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
            use(file, event: initial ? "loaded" : "reloaded", extra: [])
            let sources = file.calendarSources(calendars)
            calendarRefresher.keep(sources.filter(\.isRemote))
            alarmsWatcher.watch(sources.map(\.path))
            usingLastGood = false
            keepLastGood(file.text)
        } catch {
            if case .missing = error {
                event(.warning, initial ? "no_alarms" : "reload_failed", ["problem": error.description])
                if !initial { return }
                model.fileAlarms = []
                return
            }
            fileProblems = error.lines
            guard initial else {
                event(.warning, "reload_failed", ["file": configuration.alarmsPath, "problems": String(error.lines.count)])
                for line in error.lines { event(.warning, "reload_failed", ["problem": line]) }
                return
            }
            // Sounds are not checked in the copy: one deleted since rings the built-in tone instead.
            guard let text = FileSystem.readText(lastGoodPath),
                  let copy = try? AlarmFile.parse(text, path: lastGoodPath, sounds: nil)
            else { throw error }
            for line in error.lines { event(.error, "load_failed", ["problem": line]) }
            use(copy, event: "loaded", extra: [("using", "last-good"), ("copy", lastGoodPath)])
            usingLastGood = true
        }
    }

    func reload(reason: String) {
        event(.debug, "reload", ["reason": reason])
        // What came due before the edit is handled as the schedule it was due in.
        evaluate(clockChanged: false)
        try? loadAlarms(initial: false)
        evaluate(clockChanged: false)
    }

    private func use(_ file: AlarmFile, event name: String, extra: [(String, String)]) {
        model.use(file.alarms, pausedUntil: file.pause(at: clock.now().seconds))
        fileHooks = file.hooks
        defaults = file.defaults
        if extra.isEmpty { fileProblems = [] }
        saveState()
        let next = snapshot().next
        let paused = model.pausedUntil.map { [("paused_until", $0.description)] } ?? []
        event(extra.isEmpty ? .info : .warning, name, [
            ("count", String(model.alarms.count)), ("enabled", String(file.enabledCount)),
            ("next", next.map { "\($0.alarm.name)@\(TimeFormat().iso($0.at))" } ?? "none"),
        ] + paused + extra)
    }

    private func keepLastGood(_ text: String) {
        guard FileSystem.readText(lastGoodPath) != text else { return }
        do {
            try AtomicFile.write(text, to: lastGoodPath, mode: 0o600)
        } catch {
            event(.warning, "last_good_not_saved", ["problem": error.description])
        }
    }

    /// What rings, what waits and what rings next, now: what every face renders.
    func snapshot() -> Snapshot {
        model.snapshot(heard: sounding?.key, bell: sounding?.ringer.isBellActive == true)
    }
}
