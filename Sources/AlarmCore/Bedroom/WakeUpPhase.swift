/// The minutes before a ring when its alarm is "waking" (`"wakeUp": "20m"`): a sunrise light, a
/// page or Home Assistant follows it as a state, and a `wakeUpSound` rises from silence under it.
/// It is derived from the next rings alone (`Snapshot.upcoming`), so a ring that is skipped,
/// paused, switched off or moved drops or moves its phase with it.
public struct WakeUpPhase: Sendable, Equatable {
    public var alarm: Alarm
    /// When the phase begins (epoch seconds): the ring less the alarm's `wakeUp`.
    public var start: Int
    /// The ring it leads up to.
    public var ring: Int

    public init(alarm: Alarm, ring: Int) {
        self.alarm = alarm
        self.ring = ring
        start = ring - alarm.settings.wakeUp
    }

    public var seconds: Int { ring - start }

    public func isActive(at now: Int) -> Bool { start <= now && now < ring }

    /// From 0 at its start to 1 at the ring.
    public func progress(at now: Int) -> Double {
        guard seconds > 0 else { return 1 }
        return min(1, max(0, Double(now - start) / Double(seconds)))
    }

    /// How often the progress is said: once a minute, or a tenth of a phase shorter than ten
    /// minutes (at least a second), so a short phase still rises in steps.
    public var updateInterval: Int { min(60, max(1, seconds / 10)) }

    /// The progress steps passed at `now` (0 at the start).
    public func step(at now: Int) -> Int { max(0, now - start) / updateInterval }

    /// When the step after the one at `now` is due; nil when the ring comes first.
    public func nextUpdate(after now: Int) -> Int? {
        let next = start + (step(at: now) + 1) * updateInterval
        return next < ring ? next : nil
    }
}

extension Snapshot {
    /// How many of the next rings are looked at for phases: enough for alarms set close together.
    package static let wakeUpRings = 8

    /// The wake-up phases of the next scheduled rings (not the ends of snoozes), one per alarm,
    /// under way or still to come, soonest first.
    public var wakeUpPhases: [WakeUpPhase] {
        var seen: Set<String> = []
        return upcoming(count: Self.wakeUpRings).compactMap { ring in
            guard !ring.isSnooze, ring.alarm.settings.wakeUp > 0, seen.insert(ring.alarm.stateKey).inserted else { return nil }
            let phase = WakeUpPhase(alarm: ring.alarm, ring: ring.at)
            // A ring that comes while its alarm still rings has no phase of its own.
            return ringing.contains { $0.alarm.stateKey == ring.alarm.stateKey } ? nil : phase
        }
    }

    /// The alarms waking now.
    public var waking: [WakeUpPhase] { wakeUpPhases.filter { $0.isActive(at: now) } }
}

extension WakeUpPhase {
    /// As `status --json` and the page show it.
    public func json(now: Int, format: TimeFormat) -> JSONValue {
        .object([
            ("id", .string(alarm.name)), ("label", .optional(alarm.label)), ("since", .string(format.iso(start))),
            ("ring", .string(format.iso(ring))), ("progress", .double((progress(at: now) * 100).rounded() / 100)),
            ("sound", .optional(alarm.settings.wakeUpSound?.description)),
        ])
    }

    /// The status line's: `🌅 waking: work, rings 07:00 (in 12m) · 40% · x stops that ring`.
    public func line(now: Int) -> String {
        let percent = Int((progress(at: now) * 100).rounded())
        return "🌅 " + tr("waking: {label}, rings {time} ({relative}) · {percent}% · x stops that ring · Ctrl-C quits", [
            "label": alarm.label ?? alarm.name, "time": TimeFormat().short(ring),
            "relative": TimeFormat.relative(from: now, to: ring), "percent": String(percent),
        ])
    }
}
