#if canImport(Glibc)
import Glibc
#endif

/// A moment as seconds and nanoseconds since the Unix epoch (UTC).
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var seconds: Int
    public var nanoseconds: Int

    public init(seconds: Int, nanoseconds: Int = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public static func < (a: Instant, b: Instant) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }

    public var description: String { "\(seconds).\(nanoseconds)" }
}

/// Where "now" comes from, so schedule logic can be tested at any moment.
public protocol WallClock: Sendable {
    func now() -> Instant
}

/// The real-time clock (`CLOCK_REALTIME`), the one `date` and alarms use.
public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Instant(seconds: spec.tv_sec + Self.offset, nanoseconds: spec.tv_nsec)
    }

    /// `ALARMPLAY_TEST_CLOCK_OFFSET` (whole seconds, may be negative; hidden, for tests): this
    /// process's clock runs that far from the machine's, as on a machine whose clock is off, and
    /// the timers it arms on the kernel's clock are moved to match. A test of two machines whose
    /// clocks differ needs it without setting the machine's clock: libfaketime, the usual way,
    /// loses a Swift program's arguments (Debian's 0.9.10, measured).
    public static let offset: Int = getenv("ALARMPLAY_TEST_CLOCK_OFFSET").flatMap { Int(String(cString: $0)) } ?? 0

    /// An instant of this clock as the kernel's `CLOCK_REALTIME` reads it, for timers armed on it.
    public static func kernelTime(seconds: Int, nanoseconds: Int) -> timespec {
        timespec(tv_sec: seconds - offset, tv_nsec: nanoseconds)
    }
}

/// A clock stopped at one instant, for tests.
public struct FixedClock: WallClock {
    public var instant: Instant

    public init(_ instant: Instant) {
        self.instant = instant
    }

    public init(seconds: Int) {
        self.instant = Instant(seconds: seconds)
    }

    public func now() -> Instant { instant }
}
