/// Timers from the page and the CLI: alarms of their own, rung like any other, kept off the file.
extension ScheduleModel {
    /// A timer of `seconds` (1 s to 24 h) from now, with the file's defaults but no fade-in (a
    /// timer's end is a moment, not a wake-up). Its name is the next free `timer-N`.
    mutating package func startTimer(seconds: Int, label: String?, defaults: AlarmSettings) -> Result<RunningTimer, Refusal> {
        guard seconds >= 1, seconds <= 24 * 3600 else {
            return .failure(Refusal(field: "duration", "duration must be from 1s to 24h"))
        }
        let now = clock.now()
        // Rung on a whole second like every alarm: the nearest one to the asked-for length.
        let at = now.seconds + seconds + (now.nanoseconds >= 500_000_000 ? 1 : 0)
        let local = LocalTimeZone.current.localTime(at: at)
        let number = (startedTimers.compactMap { $0.alarm.id.flatMap { Int($0.dropFirst(6)) } }.max() ?? 0) + 1
        var settings = defaults
        settings.fadeIn = 0
        let alarm = Alarm(id: "timer-\(number)", position: nextPosition, label: label ?? "Timer",
                          time: local.time, repeats: .date(local.date), settings: settings)
        let timer = RunningTimer(alarm: alarm, at: at)
        timers.append(timer)
        outcomes.append(.timerStarted(timer, seconds: seconds))
        return .success(timer)
    }

    /// A timer cancelled: stopped if it rings, its snooze dropped, gone from the schedule, and said.
    mutating package func cancelTimer(_ id: String) -> Result<Void, Refusal> { removeTimer(id, copy: false) }

    /// A household's copy of another's ring, dropped as a timer is but not said as one: the
    /// household's stop says it (nor was its start said as a timer's).
    mutating package func dropCopy(_ id: String) -> Result<Void, Refusal> { removeTimer(id, copy: true) }

    /// After every alarm in force, so that a timer and a household's copy never share one.
    package var nextPosition: Int { (alarms.map(\.position).max() ?? 0) + 1 }

    /// The timers the person started: what `status` lists and `timer --cancel` takes.
    package var startedTimers: [RunningTimer] { timers.filter { !$0.isHouseholdCopy } }

    private mutating func removeTimer(_ id: String, copy: Bool) -> Result<Void, Refusal> {
        guard let timer = timers.first(where: { $0.alarm.id == id && $0.isHouseholdCopy == copy }) else {
            let running = startedTimers.compactMap(\.alarm.id)
            return .failure(Refusal(.notFound, running.isEmpty ? "no timer \"\(id)\"; none is running"
                                               : "no timer \"\(id)\"; running: \(running.joined(separator: ", "))"))
        }
        if !copy { outcomes.append(.timerCancelled(id: id)) }
        if ringing.contains(where: { $0.key == timer.alarm.stateKey }) { _ = stop(id) }
        state.snoozes[timer.alarm.stateKey] = nil
        timers.removeAll { $0.alarm.id == id }
        return .success(())
    }
}
