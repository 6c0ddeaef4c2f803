/// The changes people make to the alarms file (add, edit, switch on or off, remove, skip and
/// unskip a ring), each as a function from the file as it is now to the edit to write and the
/// alarm's index. The command line and the web page both run them inside `AlarmFileUpdate`, so
/// every face changes alarms one way: locked, atomic, validated like a hand edit.
public enum AlarmFileEdits {
    /// A date an edit writes that has passed is a mistyped year, an alarm that would never
    /// ring: refused when written (a hand-written one that passed is only "done").
    private static func checkDate(_ changes: AlarmChanges, today: CalendarDate?) throws(AlarmEditRejected) {
        guard let today, let text = changes.values["date"]?.stringValue, let date = try? CalendarDate(parsing: text), date < today else { return }
        throw AlarmEditRejected(problems: [.init(key: "date", message: tr("{date} has passed (today is {today})", ["date": text, "today": today.description]))])
    }

    /// The edit to write (nil: nothing changes) and the index of the alarm concerned.
    public typealias Outcome = (edit: AlarmEdit?, result: Int)

    /// The alarm an id (or position) names; an unknown one lists the ids there are.
    public static func alarm(_ reference: String, in file: AlarmFile) throws(AlarmNotFound) -> Alarm {
        guard let alarm = file.alarm(named: reference) else { throw AlarmNotFound(reference, in: file) }
        return alarm
    }

    /// Appends an alarm; without an id it gets one from its label or time (a time per day's first).
    public static func add(_ changes: AlarmChanges, to file: AlarmFile, today: CalendarDate? = nil) throws -> Outcome {
        try NewText.check(changes)
        try checkDate(changes, today: today)
        var changes = changes
        let time = changes.values["time"]?.stringValue ?? changes.values["times"]?.members?.first?.value.stringValue
        if changes.values["id"] == nil, let time, let parsed = try? TimeOfDay(parsing: time) {
            let taken = Set(file.alarms.compactMap { $0.id })
            changes.set("id", .string(AlarmID.generate(label: changes.values["label"]?.stringValue, time: parsed, taken: taken)))
        }
        var alarm: JSONValue = [:]
        changes.apply(to: &alarm)
        return replacing(in: file) { alarms in
            alarms.append(alarm)
            return alarms.count - 1
        }
    }

    public static func edit(_ reference: String, _ changes: AlarmChanges, in file: AlarmFile, today: CalendarDate? = nil) throws -> Outcome {
        try NewText.check(changes)
        try checkDate(changes, today: today)
        let found = try alarm(reference, in: file)
        var changes = changes
        // One time takes the place of what gave each day its time (a time per day, the sun, a
        // calendar), as the one who typed it means; a time per day's days stay.
        if changes.values["time"] != nil {
            if !found.times.isEmpty {
                changes.remove("times")
                if changes.values["days"] == nil { changes.set("days", .array(WeekdaySet(Array(found.times.keys)).names.map(JSONValue.string))) }
            }
            if found.sun != nil { changes.remove("sun") }
            if found.fromCalendar != nil { changes.remove("fromCalendar") }
        }
        let index = found.position - 1
        return replacing(in: file) { alarms in
            changes.apply(to: &alarms[index])
            return index
        }
    }

    /// The on/off switch; switching to the state it is in writes nothing.
    public static func setEnabled(_ enabled: Bool, _ reference: String, in file: AlarmFile) throws -> Outcome {
        let found = try alarm(reference, in: file)
        guard found.enabled != enabled else { return (nil, found.position - 1) }
        var changes = AlarmChanges()
        changes.set("enabled", .bool(enabled))
        return try edit(reference, changes, in: file)
    }

    /// Removes the alarm; the outcome's index is where it was.
    public static func remove(_ reference: String, from file: AlarmFile) throws -> Outcome {
        let index = try alarm(reference, in: file).position - 1
        return replacing(in: file, tieProblemsToAlarm: false) { alarms in
            alarms.remove(at: index)
            return index
        }
    }

    /// Skips the next ring (`"skip": ISO` in the alarm); the ring is returned with the outcome.
    public static func skip(
        _ reference: String, in file: AlarmFile, state: ScheduleState, now: Int, format: TimeFormat = TimeFormat()
    ) throws -> (outcome: Outcome, ring: Int) {
        let found = try alarm(reference, in: file)
        guard found.enabled else { throw AlarmCommandError(tr("{id} is off; there is no ring to skip", ["id": found.name])) }
        let from = PauseRule.start(after: now, pausedUntil: file.pausedUntil)
        guard let ring = found.nextRing(after: from, state: state.state(for: found), zone: .current, honouringSkips: false) else {
            throw AlarmCommandError(tr("{id} will not ring again; there is no ring to skip", ["id": found.name]))
        }
        guard found.skip != ring else { return ((nil, found.position - 1), ring) }
        let outcome = replacing(in: file) { alarms in
            alarms[found.position - 1].set("skip", .string(format.iso(ring)), orderedBy: AlarmChanges.keyOrder)
            return found.position - 1
        }
        return (outcome, ring)
    }

    public static func unskip(_ reference: String, in file: AlarmFile) throws -> Outcome {
        try removing("skip", of: reference, in: file) { $0.skip != nil }
    }

    /// Moves only the next ring (`"shift": {"from": ISO, "to": ISO}` in the alarm); the ring after
    /// it stays where it was. A ring moved again keeps the ring of the schedule it replaces, and
    /// moving it back there clears the shift. Returns the shift written (nil: cleared).
    public static func shift(
        _ reference: String, _ target: RingShift.Target, in file: AlarmFile, state: ScheduleState, now: Int,
        zone: LocalTimeZone = .current, format: TimeFormat = TimeFormat()
    ) throws -> (outcome: Outcome, shift: RingShift?) {
        let found = try alarm(reference, in: file)
        guard found.enabled else { throw AlarmCommandError(tr("{id} is off; there is no ring to move", ["id": found.name])) }
        let alarmState = state.state(for: found)
        guard let next = found.nextRing(after: PauseRule.start(after: now, pausedUntil: file.pausedUntil, zone: zone), state: alarmState, zone: zone) else {
            throw AlarmCommandError(tr("{id} will not ring again; there is no ring to move", ["id": found.name]))
        }
        let from = found.shift.flatMap { $0.to == next ? $0.from : nil } ?? next
        let to: Int
        switch target {
        case let .time(time):
            guard let instant = RingShift.instant(of: time, near: from, zone: zone) else {
                throw AlarmCommandError(tr("{time} does not occur near {ring} (a daylight-saving change)", ["time": time.description, "ring": format.short(from)]))
            }
            to = instant
        case let .by(seconds):
            to = next + seconds
        }
        guard to > now else { throw AlarmCommandError(tr("{time} has passed; move the ring to a later time", ["time": format.short(to)])) }
        var unshifted = found
        unshifted.shift = nil
        if !unshifted.ringsOnce, let following = unshifted.nextRing(after: from, state: alarmState, zone: zone), to >= following {
            throw AlarmCommandError(tr("{time} is not before the ring after it ({following}); only the next ring moves", [
                "time": format.short(to), "following": format.short(following),
            ]))
        }
        let shift = to == from ? nil : RingShift(from: from, to: to)
        guard found.shift != shift else { return ((nil, found.position - 1), shift) }
        let outcome = replacing(in: file) { alarms in
            if let shift {
                alarms[found.position - 1].set("shift", ["from": .string(format.iso(shift.from)), "to": .string(format.iso(shift.to))],
                                               orderedBy: AlarmChanges.keyOrder)
            } else {
                alarms[found.position - 1]["shift"] = nil
            }
            return found.position - 1
        }
        return (outcome, shift)
    }

    /// Undoes `shift`: the next ring is where the schedule puts it again.
    public static func unshift(_ reference: String, in file: AlarmFile) throws -> Outcome {
        try removing("shift", of: reference, in: file) { $0.shift != nil }
    }

    /// Removes `key` from the alarm when `isSet` says it has one; otherwise writes nothing.
    private static func removing(_ key: String, of reference: String, in file: AlarmFile, isSet: (Alarm) -> Bool) throws -> Outcome {
        let found = try alarm(reference, in: file)
        guard isSet(found) else { return (nil, found.position - 1) }
        return replacing(in: file) { alarms in
            alarms[found.position - 1][key] = nil
            return found.position - 1
        }
    }

    /// The document with its alarms changed by `change`, which returns the index concerned.
    private static func replacing(in file: AlarmFile, tieProblemsToAlarm: Bool = true, _ change: (inout [JSONValue]) -> Int) -> Outcome {
        var alarms = AlarmEdit.alarms(of: file.document)
        let index = change(&alarms)
        let document = AlarmEdit.replacingAlarms(of: file.document, with: alarms)
        return (AlarmEdit(document: document, alarmIndex: tieProblemsToAlarm ? index : nil), index)
    }
}
