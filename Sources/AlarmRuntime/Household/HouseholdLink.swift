import AlarmCore

/// Ringing on every alarmplay of the household. A step of `escalate` with `"household": true`
/// sends this `run`'s ring to the others (`household_ring_sent`; `HouseholdFace` carries it);
/// another's ring rings here as an in-memory alarm with this `run`'s own default sound, like a
/// timer. Whichever member stops or snoozes it tells the others, and each ends its part through
/// the usual stop and snooze, so the one where it happened and the origin log it the same way.
/// The decisions only: the daemon applies them to its schedule.
package struct HouseholdLink {
    /// The household rings this `run` takes part in.
    package var rings = HouseholdRings()
    /// The other members' clocks that differ from this one's.
    package var clocks = HouseholdClocks()
    /// Who this `run` is on the broker, and the name it shows (nil without `--mqtt`).
    package let instance: String?
    package let deviceName: String?

    package init(instance: String?, deviceName: String?) {
        self.instance = instance
        self.deviceName = deviceName
    }

    /// After every event: what it sends or ends (a household step starts a ring, the end of an
    /// alarm ringing one ends it).
    mutating package func follow(_ event: DaemonEvent, ringing: [RingingAlarm], now: Int) -> [DaemonEvent] {
        switch event {
        case let .escalated(id, step, _, _): return send(id, step: step, ringing: ringing, now: now)
        case let .stopped(id, _), let .dismissed(id): return end(id, snoozed: false)
        case let .snoozed(id, _, _): return end(id, snoozed: true)
        case let .silenced(id, _):
            // The origin's ring ran its time: the others stop too. Another's ran out only here.
            if rings.isGuest(id) {
                _ = rings.remove(local: id)
                return []
            }
            return end(id, snoozed: false)
        default: return []
        }
    }

    private mutating func send(_ id: String, step: Int, ringing: [RingingAlarm], now: Int) -> [DaemonEvent] {
        guard let ring = ringing.first(where: { $0.alarm.name == id }), ring.alarm.settings.escalate.indices.contains(step - 1),
              ring.alarm.settings.escalate[step - 1].household else { return [] }
        guard let instance, let deviceName else {
            return [.face(.broker(.householdNotSent(id: id, reason: "run has no --mqtt broker to reach the household")))]
        }
        guard let sent = rings.send(id, label: ring.alarm.label, origin: instance, originName: deviceName, now: now) else { return [] }
        return [.householdRingSent(id: id, sent)]
    }

    private mutating func end(_ local: String, snoozed: Bool) -> [DaemonEvent] {
        guard let entry = rings.remove(local: local) else { return [] }
        return [.householdStopSent(id: local, ring: entry.ring.ring, snoozed: snoozed || entry.endsAsSnooze)]
    }

    /// Another's ring as an alarm of this `run`: rung at `at` with `defaults`' sound, without a fade
    /// (the origin has rung unanswered already) and without escalating (so it never rings the
    /// household again). Nil when it is this `run`'s own or rings here already (the reply says which).
    mutating package func receive(_ ring: HouseholdRing, defaults: AlarmSettings, position: Int, at: Int) -> (alarm: Alarm?, reply: CommandResult) {
        guard ring.origin != instance else { return (nil, .done(Phrase("own household ring"))) }
        guard let id = rings.receive(ring) else { return (nil, .done(Phrase("household ring {ring} already rings", ["ring": ring.ring]))) }
        let local = LocalTimeZone.current.localTime(at: at)
        var settings = defaults
        settings.fadeIn = 0
        settings.escalate = []
        let alarm = Alarm(id: id, position: position, label: ring.shownLabel, time: local.time, repeats: .date(local.date), settings: settings)
        return (alarm, .value(.householdRing(id: id, ring: ring.ring)))
    }
}
