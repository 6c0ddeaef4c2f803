import AlarmCore

/// What `status` answers.
extension AlarmDaemon {
    package func statusReport() -> StatusReport {
        StatusReport(snapshot: snapshot(), wake: wakeAbility, priority: priority, usingLastGood: source.usingLastGood,
                     problems: source.fileProblems, timers: model.timers, reports: reports, night: source.night,
                     faces: faces.flatMap(\.statusMembers))
    }
}
