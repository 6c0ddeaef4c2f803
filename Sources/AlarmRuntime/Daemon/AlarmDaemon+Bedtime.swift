import AlarmCore

extension AlarmDaemon {
    /// Says it is time for bed (`event=bedtime`, which hooks, MQTT and the page hear) and plays the
    /// soft sound once, quietly, when nothing else plays. Returns the next such moment, for the timer.
    package func runBedtime(now: Int) -> Int? {
        let (due, next) = bedtimes.step(now: now, alarms: model.alarms, state: model.state, pausedUntil: model.pausedUntil)
        for reminder in due {
            event(.bedtime(id: reminder.alarm, ring: reminder.ring))
            if let sound = reminder.sound, model.ringing.isEmpty, !engine.isOpen, sleepTimer == nil, engine.preview == nil {
                _ = startPreview(sound.description, volume: Bedtime.volume)
            }
        }
        return next
    }
}
