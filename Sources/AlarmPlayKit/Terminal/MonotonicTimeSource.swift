#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC` in whole nanoseconds, behind a protocol so stopwatch and countdown logic can be
/// tested with a fake. `MonotonicClock` reads the same clock as `Double` seconds; integers here keep
/// the stopwatch's truncation to hundredths exact and deadlines comparable with timerfd's.
/// A wall-clock change (NTP, DST, `date -s`) never moves it.
public protocol MonotonicTimeSource: Sendable {
    func now() -> Int64
}

public struct SystemMonotonicTime: MonotonicTimeSource {
    public init() {}

    public func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
