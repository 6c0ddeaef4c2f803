import AlarmCore

/// What `status` answers, and the control socket's replies.
extension AlarmDaemon {
    /// Performed in English, so the log says what happened in English; worded in the language
    /// the line asks for (`ReplyLanguage`).
    package func reply(to line: String) -> String {
        let (language, requestLine) = ReplyLanguage.split(line)
        guard let request = ControlRequest(line: requestLine) else {
            return language.speaking {
                "error invalid: " + tr("unknown command \"{line}\"; expected snooze [ID], stop [ID] or status", ["line": requestLine])
            }
        }
        event(.control(request: requestLine))
        let result = perform(request)
        return language.speaking { result.line }
    }

    package func statusReport() -> StatusReport {
        StatusReport(snapshot: snapshot(), wake: wakeAbility, priority: priority, usingLastGood: source.usingLastGood,
                     problems: source.fileProblems, timers: model.timers, reports: reports, night: source.night,
                     faces: faces.flatMap(\.statusMembers))
    }
}
