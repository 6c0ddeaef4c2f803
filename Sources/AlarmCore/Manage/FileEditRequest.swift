/// A face's request to edit the alarms file, as the change the locked writer runs off the loop
/// and what its answer names. Nil for a request that edits nothing.
package struct FileEditRequest: Sendable {
    package enum Answer: Sendable, Equatable {
        /// The alarm at this index of the written file, as it is now.
        case alarm(index: Int)
        case removed(id: String)
    }

    package typealias Change = @Sendable (AlarmFile) throws -> (edit: AlarmEdit?, result: Answer)

    /// A file deleted under a running `run` is made again from the schedule in force, by an add only.
    package private(set) var remakesMissing = false
    /// Switched on, it rings at its next time even if it is a one-shot that rang.
    package private(set) var rearms: String?
    package let change: Change

    /// `today` dates a one-shot added without a date; `schedule` and `now` place a skip or a shift.
    package init?(_ request: ControlRequest, today: CalendarDate, schedule: ScheduleState, now: Int) {
        switch request {
        // Only faces ask for these (the CLI edits the file itself): a calendar they name is one the
        // file names in `"calendars"`, checked against the file as it is under the lock.
        case let .addAlarm(changes):
            remakesMissing = true
            change = Self.alarm { file in
                try CalendarName.check(changes, in: file)
                return try AlarmFileEdits.add(changes, to: file, today: today)
            }
        case let .editAlarm(id, changes):
            change = Self.alarm { file in
                try CalendarName.check(changes, in: file)
                return try AlarmFileEdits.edit(id, changes, in: file, today: today)
            }
        case let .removeAlarm(id):
            change = { file in
                let removed = try AlarmFileEdits.alarm(id, in: file).name
                return (try AlarmFileEdits.remove(id, from: file).edit, .removed(id: removed))
            }
        case let .setEnabled(id, on):
            rearms = on ? id : nil
            change = Self.alarm { try AlarmFileEdits.setEnabled(on, id, in: $0) }
        case let .skip(id): change = Self.alarm { try AlarmFileEdits.skip(id, in: $0, state: schedule, now: now).outcome }
        case let .unskip(id): change = Self.alarm { try AlarmFileEdits.unskip(id, in: $0) }
        case let .shift(id, target):
            change = Self.alarm { file in
                guard let target else { return try AlarmFileEdits.unshift(id, in: file) }
                return try AlarmFileEdits.shift(id, target, in: file, state: schedule, now: now).outcome
            }
        default: return nil
        }
    }

    /// What the face is told once the file is written: the alarm as it is now (`listing`), or the one removed.
    package static func reply(_ file: AlarmFile, _ answer: Answer, listing: (Alarm) -> AlarmListing) -> CommandValue {
        switch answer {
        case let .alarm(index): .edited(file.alarms.indices.contains(index) ? listing(file.alarms[index]) : nil)
        case let .removed(id): .removed(id: id)
        }
    }

    private static func alarm(_ edit: @escaping @Sendable (AlarmFile) throws -> AlarmFileEdits.Outcome) -> Change {
        { file in
            let outcome = try edit(file)
            return (outcome.edit, .alarm(index: outcome.result))
        }
    }
}
