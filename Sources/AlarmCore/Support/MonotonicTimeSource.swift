#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC` in whole nanoseconds, behind a protocol so stopwatch and countdown logic can be
/// tested with a fake. Integers keep the stopwatch's truncation to hundredths exact;
/// `seconds` is the same clock for durations that need no such care (a ring's length).
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

    public static var seconds: Double {
        Double(SystemMonotonicTime().now()) / 1e9
    }
}
