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

    package func statusJSON() -> JSONValue {
        let format = TimeFormat()
        let snapshot = snapshot()
        let ringingJSON: [JSONValue] = snapshot.ringing.map { ring in
            .object([
                ("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)),
                ("since", .string(format.iso(ring.since.seconds))), ("snoozesLeft", .int(ring.snoozesLeft)),
                ("sound", .string(ring.alarm.settings.sound.description)), ("sounding", .bool(ring.sounding)), ("bell", .bool(ring.bell)),
            ])
        }
        let snoozedJSON: [JSONValue] = snapshot.snoozed.map { snooze in
            .object([
                ("id", .string(snooze.alarm.name)), ("label", .optional(snooze.alarm.label)), ("until", .string(format.iso(snooze.until))),
                ("snoozesLeft", .int(snooze.snoozesLeft)),
            ])
        }
        let nextJSON: JSONValue = snapshot.next.map { ring in
            .object([("id", .string(ring.alarm.name)), ("label", .optional(ring.alarm.label)), ("at", .string(format.iso(ring.at))),
                     ("shiftedFrom", ring.shiftedFrom.map { .string(format.iso($0)) } ?? .null)])
        } ?? .null
        // What is missing as flags too, so a client words the reason in its own language.
        let wake: JSONValue = ["canWake": .bool(wakeAbility.canWake), "reason": .optional(wakeAbility.reason),
                               "alarmClock": .bool(wakeAbility.alarmClock), "rtc": .bool(wakeAbility.rtc)]
        return .object([("ringing", .array(ringingJSON)), ("snoozed", .array(snoozedJSON)), ("next", nextJSON),
                        ("alarms", .int(snapshot.alarms.count)), ("pausedUntil", .optional(snapshot.pausedUntil?.description)),
                        ("wake", wake), ("priority", priority.json), ("schedule", .string(source.usingLastGood ? "last-good" : "file")), ("version", .string(Version.current)),
                        ("problems", .array(source.fileProblems.map(JSONValue.string))), ("timers", .array(model.timers.map { $0.json(format: format) })),
                        ("preflight", .array(snapshot.preflight.map { $0.json(format: format) })), ("reports", .array(reports)),
                        ("waking", .array(snapshot.waking.map { $0.json(now: snapshot.now, format: format) })),
                        ("sleep", snapshot.sleep?.json(now: snapshot.now, format: format) ?? .null), ("night", source.night.json),
                        ("now", .string(format.iso(snapshot.now)))] + faces.flatMap(\.statusMembers).map { ($0.key, $0.value) })
    }
}
