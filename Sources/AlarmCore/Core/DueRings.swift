/// A ring whose time has come, and what to do about it.
public struct DueRing: Sendable, Equatable {
    public enum Decision: Sendable, Equatable {
        /// Ring now; `lateness` seconds after its time.
        case ring
        /// It is more than its ring duration late (the machine slept, or `run` was not
        /// running): log it as missed rather than ring hours late.
        case missed
    }

    public var alarm: Alarm
    /// Epoch seconds it was due.
    public var at: Int
    /// Snoozes already used when this is the end of a snooze; nil for a scheduled ring.
    public var snoozeCount: Int?
    public var decision: Decision
}

/// The pure decisions of `run`: what is due between two instants and when to wake next.
/// No clock of its own; the caller passes every instant, so tests can replay any timeline.
public enum DueRings {
    /// Rings of `alarms` and `snoozes` due in (`from`, `now`], in time order. Of a repeating
    /// alarm only its latest occurrence counts: earlier ones are later still, so at most missed.
    public static func between(
        _ from: Int, and now: Instant, alarms: [Alarm], state: DaemonState, zone: LocalTimeZone = .current
    ) -> [DueRing] {
        var due: [DueRing] = []
        for alarm in alarms {
            var latest: Int?
            var cursor = from
            while let at = alarm.nextRing(after: cursor, state: state.schedule.state(for: alarm), zone: zone), at <= now.seconds {
                latest = at
                cursor = at
            }
            if let latest {
                due.append(DueRing(alarm: alarm, at: latest, snoozeCount: nil, decision: decide(alarm, at: latest, now: now)))
            }
        }
        for alarm in alarms {
            // Switching an alarm off also ends its snooze.
            guard alarm.enabled, let snooze = state.snoozes[alarm.stateKey], snooze.until <= now.seconds else { continue }
            due.append(DueRing(alarm: alarm, at: snooze.until, snoozeCount: snooze.count, decision: decide(alarm, at: snooze.until, now: now)))
        }
        return due.sorted { ($0.at, $0.alarm.position) < ($1.at, $1.alarm.position) }
    }

    /// Ring while it is less than its ring duration late, as GNOME Clocks does.
    package static func decide(_ alarm: Alarm, at: Int, now: Instant) -> DueRing.Decision {
        let lateness = Double(now.seconds - at) + Double(now.nanoseconds) / 1e9
        return lateness < Double(max(alarm.settings.ringFor, 1)) ? .ring : .missed
    }

    /// The next thing due after `after`: a ring or the end of a snooze, with its alarm; a ring a
    /// pause holds too, as `run` wakes to say it was held.
    public static func next(after: Int, alarms: [Alarm], state: DaemonState, zone: LocalTimeZone = .current) -> Ring? {
        var rings = RingTimeline(alarms: alarms, state: state, after: after, includingHeld: true, zone: zone).makeIterator()
        return rings.next()
    }
}

extension AlarmRepeat {
    /// Rings once, then is done: a dated alarm, or one with neither days nor date.
    public var isOneShot: Bool {
        switch self {
        case .weekly, .calendar: return false
        case .date, .once: return true
        }
    }
}
