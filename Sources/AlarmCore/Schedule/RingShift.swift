/// One ring of an alarm moved (`alarmplay shift`): the ring of its schedule at `from` rings at
/// `to` instead. Only that ring moves: once both instants have passed the alarm rings at its own
/// times again, with nothing to undo. Kept in the alarm (`"shift"` in the file), as a skip is, so
/// a running `run` honours it at once.
public struct RingShift: Sendable, Equatable {
    /// Epoch seconds of the ring it replaces.
    public var from: Int
    /// Epoch seconds it rings instead.
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// Where `alarmplay shift` moves the next ring: to a time of day (nearest the ring), or by an
    /// offset from it.
    public enum Target: Sendable, Equatable, CustomStringConvertible {
        case time(TimeOfDay)
        case by(seconds: Int)

        /// `07:30`, `+1800s`, `-900s`: as `init(parsing:)` reads it back.
        public var description: String {
            switch self {
            case let .time(time): return time.description
            case let .by(seconds): return (seconds < 0 ? "-" : "+") + "\(abs(seconds))s"
            }
        }

        /// `07:30` (a time), `+30m` or `-15m` (an offset), as the command line, the page and MQTT give it.
        public init(parsing text: String) throws(ValueError) {
            let trimmed = Substring(text).trimmingSpaces
            if let sign = trimmed.first, "+-−".contains(sign) {
                self = .by(seconds: try DurationText.parseSigned(String(trimmed)))
            } else {
                self = .time(try TimeOfDay(typed: String(trimmed)))
            }
        }
    }

    /// Where `time` falls nearest to the ring at `ring`: on its day, or the day before or after
    /// (a ring at 23:50 moved to 00:10 goes 20 minutes later, not back 23 hours 40).
    public static func instant(of time: TimeOfDay, near ring: Int, zone: LocalTimeZone) -> Int? {
        let date = zone.localTime(at: ring).date
        return [-1, 0, 1].compactMap { zone.instant(of: date.adding(days: $0), at: time) }
            .min { abs($0 - ring) < abs($1 - ring) }
    }
}
