#if canImport(Glibc)
import Glibc
#endif

/// A clock that only moves forward at a steady rate, in nanoseconds from an arbitrary origin.
/// Stopwatches and countdowns measure with it so a wall-clock change (NTP, DST, `date -s`) cannot
/// move them; tests pass a fake one.
public protocol MonotonicClock: Sendable {
    func now() -> Int64
}

/// `CLOCK_MONOTONIC`, the clock timerfd deadlines use too.
public struct SystemMonotonicClock: MonotonicClock {
    public init() {}

    public func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
