/// What `status` answers: the snapshot, and what only the running `run` knows of itself.
public struct StatusReport: Sendable {
    public var snapshot: Snapshot
    public var wake: WakeAbility
    public var priority: ThreadPriority.Outcome
    /// Whether the alarms file's last good copy rings (the file itself is broken).
    public var usingLastGood: Bool
    /// What is wrong with the file now, located.
    public var problems: [String]
    /// The alarms file's path while there is none (the schedule in force stays).
    public var missingFile: String?
    public var timers: [RunningTimer]
    /// Rings that did not ring as asked, as their events, until the page says they were seen.
    public var reports: [JSONValue]
    public var night: NightHours
    /// What the faces add (the page's address).
    public var faces: [JSONMember]
    /// For a ringing alarm whose sound is one of several (a folder), the file it plays, by alarm name.
    public var plays: [String: String] = [:]

    package init(snapshot: Snapshot, wake: WakeAbility, priority: ThreadPriority.Outcome, usingLastGood: Bool, problems: [String],
                 timers: [RunningTimer], reports: [JSONValue], night: NightHours, faces: [JSONMember]) {
        self.snapshot = snapshot
        self.wake = wake
        self.priority = priority
        self.usingLastGood = usingLastGood
        self.problems = problems
        self.timers = timers
        self.reports = reports
        self.night = night
        self.faces = faces
    }

    package func json(format: TimeFormat) -> JSONValue {
        let ringing: [JSONValue] = snapshot.ringing.map { ring in
            .object([
                ("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)),
                ("since", .string(format.iso(ring.since.seconds))), ("snoozesLeft", .int(ring.snoozesLeft)),
                ("sound", .string(ring.alarm.settings.sound.description)), ("plays", .optional(plays[ring.alarm.name])),
                ("sounding", .bool(ring.sounding)), ("bell", .bool(ring.bell)),
            ])
        }
        let snoozed: [JSONValue] = snapshot.snoozed.map { snooze in
            .object([
                ("id", .string(snooze.alarm.name)), ("label", .optional(snooze.alarm.label)), ("until", .string(format.iso(snooze.until))),
                ("snoozesLeft", .int(snooze.snoozesLeft)),
            ])
        }
        let next: JSONValue = snapshot.next.map { ring in
            .object([("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)), ("at", .string(format.iso(ring.at))),
                     ("shiftedFrom", ring.shiftedFrom.map { .string(format.iso($0)) } ?? .null)])
        } ?? .null
        // What is missing as flags too, so a client words the reason in its own language.
        let wakeJSON: JSONValue = ["canWake": .bool(wake.canWake), "reason": .optional(wake.reason),
                                   "alarmClock": .bool(wake.alarmClock), "rtc": .bool(wake.rtc)]
        let schedule: [(String, JSONValue)] = [
            ("ringing", .array(ringing)), ("snoozed", .array(snoozed)), ("next", next),
            ("alarms", .int(snapshot.alarms.count)), ("pausedUntil", .optional(snapshot.pausedUntil?.description)),
        ]
        let process: [(String, JSONValue)] = [
            ("wake", wakeJSON), ("priority", priority.json), ("schedule", .string(usingLastGood ? "last-good" : "file")),
            ("version", .string(Version.current)), ("problems", .array(problems.map(JSONValue.string))), ("missingFile", .optional(missingFile)),
            ("timers", .array(timers.map { $0.json(format: format) })),
        ]
        let ahead: [(String, JSONValue)] = [
            ("preflight", .array(snapshot.preflight.map { $0.json(format: format) })), ("reports", .array(reports)),
            ("waking", .array(snapshot.waking.map { $0.json(now: snapshot.now, format: format) })),
            ("sleep", snapshot.sleep?.json(now: snapshot.now, format: format) ?? .null), ("night", night.json),
            ("now", .string(format.iso(snapshot.now))), ("clock", snapshot.clock.json(format: format)),
        ]
        return .object(schedule + process + ahead + faces.map { ($0.key, $0.value) })
    }
}
