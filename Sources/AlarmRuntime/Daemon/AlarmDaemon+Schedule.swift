import AlarmCore

/// The schedule in force, from `ScheduleSource`'s decisions.
extension AlarmDaemon {
    /// A missing file is waited for. Later failures keep the schedule in force; at start the last
    /// good copy stands in, and only without one is an invalid file an error (exit 65).
    package func loadAlarms() throws {
        apply(try source.loadInitial(now: clock.now().seconds))
    }

    /// Reads the file again off the loop; `done` runs once its result is in force.
    package func reload(reason: String, then done: @escaping () -> Void = {}) {
        event(.reload(reason: reason))
        let (generation, work) = source.startReload(now: clock.now().seconds)
        worker.perform(work) { [unowned self] outcome in
            guard let decision = source.finishReload(generation: generation, outcome) else { return done() }
            // What came due before the edit is handled as the schedule it was due in.
            evaluate(clockChanged: false)
            apply(decision)
            evaluate(clockChanged: false)
            done()
        }
    }

    private func apply(_ decision: ScheduleSource.Decision) {
        switch decision {
        case let .use(file, calendars, reloaded, lastGoodCopy, problems, notKept):
            if let notKept { event(.lastGoodNotSaved(problem: notKept)) }
            for line in problems { event(.loadFailed(problem: line)) }
            if lastGoodCopy == nil {
                source.calendarRefresher.keep(calendars.filter(\.isRemote))
                sources.alarmsWatcher.watch(calendars.map(\.path))
            }
            let said = model.use(file, reloaded: reloaded, lastGoodCopy: lastGoodCopy)
            saveState()
            for each in said { event(each) }
        case let .missing(problem, initial):
            event(initial ? .noAlarms(problem: problem) : .reloadFailed(problem: problem))
            if initial { model.fileAlarms = [] }
        case let .rejected(problems):
            event(.reloadRejected(file: configuration.alarmsPath, problems: problems.count))
            for line in problems { event(.reloadFailed(problem: line)) }
        }
    }

    /// What rings, what waits and what rings next, now: what every face renders.
    package func snapshot() -> Snapshot {
        let heard = sound.engine.heard
        var snapshot = model.snapshot(heard: heard?.key, bell: heard?.bell == true)
        snapshot.preflight = lookahead.checks
        snapshot.sleep = sound.sleepTimer
        // As the last evaluation found it (every request evaluates first): the rings ahead are not worked out again.
        snapshot.clock = ClockReport(synchronised: clockWatch.synchronised, warning: clockWatch.warning,
                                     disagreements: household.clocks.disagreements)
        return snapshot
    }
}
