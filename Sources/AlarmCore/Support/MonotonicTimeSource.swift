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

    public func now() -> Int64 { nanoseconds(of: CLOCK_MONOTONIC) }

    public static var seconds: Double {
        Double(SystemMonotonicTime().now()) / 1e9
    }
}

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): what a piece of work
/// costs, however long a loaded machine made it wait for a core.
public struct ThreadCPUTime: MonotonicTimeSource {
    public init() {}

    public func now() -> Int64 { nanoseconds(of: CLOCK_THREAD_CPUTIME_ID) }
}

private func nanoseconds(of clock: clockid_t) -> Int64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
