/// The clock the next ring is timed by cannot be trusted: the kernel calls it unsynchronised
/// while an alarm is due within `window`. A Raspberry Pi without a real-time clock boots at the
/// time it shut down and keeps it until NTP steps it; a ring timed by that clock comes hours off.
/// Pure: the kernel's word comes in as a value (nil: it could not be asked).
public struct ClockWarning: Sendable, Equatable {
    /// The alarm due, and its ring (epoch seconds).
    public var id: String
    public var ring: Int

    /// Long enough to be seen the evening before a morning's alarm.
    public static let window = 12 * 3600

    public init(id: String, ring: Int) {
        self.id = id
        self.ring = ring
    }

    /// A warning when the kernel says unsynchronised and `next` is within the window. An unknown
    /// state warns of nothing: `doctor` and the check before each ring say what they can.
    public static func decide(now: Int, synchronised: Bool?, next: Ring?) -> ClockWarning? {
        guard synchronised == false, let next, next.at - now <= window else { return nil }
        return ClockWarning(id: next.alarm.name, ring: next.at)
    }
}

extension Snapshot {
    /// The first scheduled ring of an alarm of the file: the one a wrong clock would make late.
    /// A snooze's end and a timer count from when they began, so a wrong clock moves them not.
    public var nextScheduledRing: Ring? {
        let keys = Set(fileAlarms.map(\.stateKey))
        return timeline(after: now).prefix(8).first { !$0.isSnooze && keys.contains($0.alarm.stateKey) }
    }
}
