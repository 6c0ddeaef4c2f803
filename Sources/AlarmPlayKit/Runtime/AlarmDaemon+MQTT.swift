/// The daemon's side of Home Assistant: what it shows (a snapshot) and what its commands do.
/// Alarm changes go through the same locked writer as the CLI and the page.
extension AlarmDaemon {
    func makeMQTTFace() -> MQTTFace? {
        guard let settings = configuration.mqtt else { return nil }
        return MQTTFace(
            settings: settings, loop: loop, snapshot: { [unowned self] in homeAssistantSnapshot() },
            apply: { [unowned self] in apply($0) },
            log: { [unowned self] level, name, fields in event(level, name, fields) })
    }

    func homeAssistantSnapshot() -> HomeAssistantDevice.Snapshot {
        let format = TimeFormat()
        let snapshot = snapshot()
        let next = snapshot.next
        return HomeAssistantDevice.Snapshot(
            ringing: !snapshot.ringing.isEmpty,
            next: next.map { (format.iso($0.at), $0.alarm.name, $0.alarm.label) },
            alarms: model.fileAlarms.map { .init(name: $0.name, label: $0.label, enabled: $0.enabled, time: $0.time.description) })
    }

    /// Nil when done, else why not (for `event=mqtt_rejected`).
    func apply(_ command: MQTTCommand) -> String? {
        switch command {
        case .snooze: return perform(.snooze(id: nil)).refusal?.message
        case .stop: return perform(.stop(id: nil)).refusal?.message
        case .homeAssistantOnline: return nil
        case let .setEnabled(alarm, enabled):
            let refusal = edit { try AlarmFileEdits.setEnabled(enabled, alarm, in: $0) }
            if refusal == nil, enabled { _ = perform(.rearm(id: alarm)) }
            return refusal
        case let .setTime(alarm, time):
            var changes = AlarmChanges()
            changes.set("time", .string(time))
            return edit { try AlarmFileEdits.edit(alarm, changes, in: $0) }
        case let .skip(alarm):
            return edit { try AlarmFileEdits.skip(alarm, in: $0, state: model.state.schedule, now: clock.now().seconds).outcome }
        }
    }

    private func edit(_ change: (AlarmFile) throws -> AlarmFileEdits.Outcome) -> String? {
        do {
            _ = try AlarmFileUpdate.perform(path: configuration.alarmsPath, sounds: registry, createIfMissing: false, change)
            return nil
        } catch let error as AlarmFileError {
            return "the alarms file has problems; nothing was changed (\(error.lines.first ?? error.description))"
        } catch {
            return "\(error)"
        }
    }
}
