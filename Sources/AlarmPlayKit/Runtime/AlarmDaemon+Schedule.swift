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
            let file = try AlarmFile.load(path: configuration.alarmsPath, sounds: registry)
            use(file, event: initial ? "loaded" : "reloaded", extra: [])
            usingLastGood = false
            keepLastGood(file.text)
        } catch {
            if case .missing = error {
                event(.warning, initial ? "no_alarms" : "reload_failed", ["problem": error.description])
                if !initial { return }
                fileAlarms = []
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
        try? loadAlarms(initial: false)
        evaluate(clockChanged: false)
    }

    private func use(_ file: AlarmFile, event name: String, extra: [(String, String)]) {
        fileAlarms = file.alarms
        fileHooks = file.hooks
        defaults = file.defaults
        pausedUntil = file.pause(at: clock.now().seconds)
        if extra.isEmpty { fileProblems = [] }
        state.schedule = state.schedule.reconciled(with: alarms, now: clock.now().seconds)
        saveState()
        let next = alarms.nextRings(after: clock.now().seconds, count: 1, state: state.schedule).first
        let paused = pausedUntil.map { [("paused_until", $0.description)] } ?? []
        event(extra.isEmpty ? .info : .warning, name, [
            ("count", String(alarms.count)), ("enabled", String(file.enabledCount)),
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
}
