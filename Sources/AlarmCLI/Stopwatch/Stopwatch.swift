import AlarmCore
import AlarmRuntime

/// A stopwatch whose time is always computed from the instants it was started at, never from
/// accumulated ticks (the original app added 0.01 s per timer tick and drifted): time before the
/// last pause, plus now minus the last start. Instants come from a `MonotonicTimeSource`.
public struct Stopwatch: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// At zero, never started since the last reset.
        case ready
        case running
        /// Stopped with its time kept.
        case paused
    }

    public private(set) var state: State = .ready
    /// Oldest first.
    public private(set) var laps: [Lap] = []
    /// Indices in `laps` of the shortest and longest laps, kept up to date on each lap so drawing
    /// thousands of laps never needs a scan.
    private var shortest: Int?
    private var longest: Int?
    private var beforeLastStart: Int64 = 0
    private var lastStart: Int64 = 0

    public init() {}

    public func elapsed(at now: Int64) -> Int64 {
        state == .running ? beforeLastStart + max(0, now - lastStart) : beforeLastStart
    }

    /// False when already running.
    @discardableResult
    public mutating func start(at now: Int64) -> Bool {
        guard state != .running else { return false }
        lastStart = now
        state = .running
        return true
    }

    /// Pauses, keeping the time; false when not running.
    @discardableResult
    public mutating func stop(at now: Int64) -> Bool {
        guard state == .running else { return false }
        beforeLastStart = elapsed(at: now)
        state = .paused
        return true
    }

    /// Takes a lap; nil when not running.
    public mutating func lap(at now: Int64) -> Lap? {
        guard state == .running else { return nil }
        let lap = Lap(number: laps.count + 1, total: elapsed(at: now), previousTotal: laps.last?.total ?? 0)
        laps.append(lap)
        let index = laps.count - 1
        if shortest.map({ lap.duration < laps[$0].duration }) ?? true { shortest = index }
        if longest.map({ lap.duration > laps[$0].duration }) ?? true { longest = index }
        return lap
    }

    /// Back to zero without laps; only while paused (a running stopwatch is stopped first, as on phones).
    @discardableResult
    public mutating func reset() -> Bool {
        guard state == .paused else { return false }
        self = Stopwatch()
        return true
    }

    public enum Mark: Sendable {
        case fastest, slowest

        /// In the reader's language.
        public var words: String {
            switch self {
            case .fastest: trc("lap", "fastest")
            case .slowest: trc("lap", "slowest")
            }
        }
    }

    /// Fastest and slowest laps are marked once there are three laps, and only when they differ.
    public func mark(ofLapAt index: Int) -> Mark? {
        guard laps.count >= 3, let shortest, let longest,
              laps[shortest].duration != laps[longest].duration else { return nil }
        if index == shortest { return .fastest }
        if index == longest { return .slowest }
        return nil
    }
}
