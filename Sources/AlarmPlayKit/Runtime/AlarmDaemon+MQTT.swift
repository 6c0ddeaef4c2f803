/// The daemon's side of Home Assistant: what it shows (a snapshot) and what its commands do.
/// Alarm changes go through the same locked writer as the CLI and the page.
extension AlarmDaemon {
    func makeMQTTFace() -> MQTTFace? {
        guard let settings = configuration.mqtt else { return nil }
        return MQTTFace(
            settings: settings, loop: loop, snapshot: { [unowned self] in homeAssistantSnapshot() },
            apply: { [unowned self] in apply($0, refused: $1) },
            log: { [unowned self] level, name, fields in event(level, name, fields) })
    }

    func homeAssistantSnapshot() -> HomeAssistantDevice.Snapshot {
        let format = TimeFormat()
        let snapshot = snapshot()
        let next = snapshot.next
        return HomeAssistantDevice.Snapshot(
            ringing: !snapshot.ringing.isEmpty,
            next: next.map { (format.iso($0.at), $0.alarm.name, $0.alarm.label) },
            nextShiftedFrom: next?.shiftedFrom.map(format.iso),
            alarms: model.fileAlarms.map { alarm in
                let settings = alarm.settings
                return .init(name: alarm.name, label: alarm.label, enabled: alarm.enabled, time: alarm.time.description,
                             sound: (try? registry.resolve(settings.sound))?.sound.name ?? settings.sound.description,
                             volumePercent: Int((settings.volume * 100).rounded()), snoozeMinutes: settings.snooze / 60)
            },
            sounds: registry.entries.map(\.sound.name))
    }

    /// Applies a command and tells `refused` why not (for `event=mqtt_rejected`), or nil when
    /// done: at once for snooze and stop, once the locked writer has run (off the loop) for edits.
    func apply(_ command: MQTTCommand, refused: @escaping (String?) -> Void) {
        switch command {
        case .snooze: refused(perform(.snooze(id: nil)).refusal?.message)
        case .stop: refused(perform(.stop(id: nil)).refusal?.message)
        case .homeAssistantOnline: refused(nil)
        case let .setEnabled(alarm, enabled):
            edit({ try AlarmFileEdits.setEnabled(enabled, alarm, in: $0) }) { [unowned self] refusal in
                if refusal == nil, enabled { _ = perform(.rearm(id: alarm)) }
                refused(refusal)
            }
        case let .setTime(alarm, time):
            var change = AlarmChanges()
            change.set("time", .string(time))
            let changes = change
            edit({ try AlarmFileEdits.edit(alarm, changes, in: $0) }, then: refused)
        case let .skip(alarm):
            let schedule = model.state.schedule
            let now = clock.now().seconds
            edit({ try AlarmFileEdits.skip(alarm, in: $0, state: schedule, now: now).outcome }, then: refused)
        case let .shift(alarm, target):
            let schedule = model.state.schedule
            let now = clock.now().seconds
            edit({ file in
                guard let target else { return try AlarmFileEdits.unshift(alarm, in: file) }
                return try AlarmFileEdits.shift(alarm, target, in: file, state: schedule, now: now).outcome
            }, then: refused)
        case let .change(alarm, changes):
            edit({ try AlarmFileEdits.edit(alarm, changes, in: $0) }, then: refused)
        }
    }

    private func edit(_ change: @escaping @Sendable (AlarmFile) throws -> AlarmFileEdits.Outcome, then done: @escaping (String?) -> Void) {
        edits.perform(path: configuration.alarmsPath, sounds: registry, createIfMissing: false, change) { outcome in
            switch outcome {
            case .success: done(nil)
            case let .failure(error as AlarmFileError):
                done("the alarms file has problems; nothing was changed (\(error.lines.first ?? error.description))")
            case let .failure(error): done("\(error)")
            }
        }
    }
}
