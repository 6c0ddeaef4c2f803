#if canImport(Glibc)
import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC: immune to wall-clock steps, for durations (ring for 10 minutes,
/// retry in 2 seconds) rather than for "when".
public enum MonotonicClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
