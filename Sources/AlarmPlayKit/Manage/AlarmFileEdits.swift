/// The changes people make to the alarms file (add, edit, switch on or off, remove, skip and
/// unskip a ring), each as a function from the file as it is now to the edit to write and the
/// alarm's index. The command line and the web page both run them inside `AlarmFileUpdate`, so
/// every face changes alarms one way: locked, atomic, validated like a hand edit.
public enum AlarmFileEdits {
    /// The edit to write (nil: nothing changes) and the index of the alarm concerned.
    public typealias Outcome = (edit: AlarmEdit?, result: Int)

    /// The alarm an id (or position) names; an unknown one lists the ids there are.
    public static func alarm(_ reference: String, in file: AlarmFile) throws(AlarmNotFound) -> Alarm {
        guard let alarm = file.alarm(named: reference) else { throw AlarmNotFound(reference, in: file) }
        return alarm
    }

    /// Appends an alarm; without an id it gets one from its label or time.
    public static func add(_ changes: AlarmChanges, to file: AlarmFile) throws -> Outcome {
        var changes = changes
        if changes.values["id"] == nil, let time = changes.values["time"]?.stringValue, let parsed = try? TimeOfDay(parsing: time) {
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

    public static func edit(_ reference: String, _ changes: AlarmChanges, in file: AlarmFile) throws -> Outcome {
        let index = try alarm(reference, in: file).position - 1
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
        guard found.enabled else { throw AlarmCommandError("\(found.name) is off; there is no ring to skip") }
        guard let ring = found.nextRing(after: now, state: state.state(for: found), zone: .current, honouringSkips: false) else {
            throw AlarmCommandError("\(found.name) will not ring again; there is no ring to skip")
        }
        guard found.skip != ring else { return ((nil, found.position - 1), ring) }
        let outcome = replacing(in: file) { alarms in
            alarms[found.position - 1].set("skip", .string(format.iso(ring)), orderedBy: AlarmChanges.keyOrder)
            return found.position - 1
        }
        return (outcome, ring)
    }

    public static func unskip(_ reference: String, in file: AlarmFile) throws -> Outcome {
        let found = try alarm(reference, in: file)
        guard found.skip != nil else { return (nil, found.position - 1) }
        return replacing(in: file) { alarms in
            alarms[found.position - 1]["skip"] = nil
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
