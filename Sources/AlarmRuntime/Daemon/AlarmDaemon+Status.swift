import AlarmCore

/// What `status` answers.
extension AlarmDaemon {
    package func statusReport() -> StatusReport {
        let snapshot = snapshot()
        var report = StatusReport(snapshot: snapshot, wake: wakeAbility, priority: sound.priority, usingLastGood: source.usingLastGood,
                                  problems: source.fileProblems, timers: model.startedTimers, reports: model.state.reports, night: source.night,
                                  faces: faces.flatMap(\.statusMembers))
        report.missingFile = source.fileMissing ? source.alarmsPath : nil
        for ring in snapshot.ringing {
            report.plays[ring.alarm.name] = source.registry.pick(ring.alarm.settings.sound, context: RingContext(scheduled: ring.since.seconds))
        }
        return report
    }
}
