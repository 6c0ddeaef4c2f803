import AlarmCore

#if canImport(Glibc)
import Glibc
#endif

/// Keeps playback to wall-clock time on a device that takes samples faster than it plays them
/// (ALSA's `null`, a file): every duration (a sleep timer's, `ringFor`, `preview --seconds`) is
/// then seconds on the clock, not samples swallowed. A real device's writes block once its 0.5 s
/// buffer is full, so it is never a second ahead and this never waits.
struct WallClockPace {
    /// How far ahead of the clock the samples written may run before playback waits.
    static let aheadSeconds = 1.0

    private let rate: Double
    private let clock = SystemMonotonicTime()
    private var started: Int64?

    init(rate: Double) {
        self.rate = rate
    }

    /// After `played` frames: waits while they run more than `aheadSeconds` ahead of the clock, in
    /// steps short enough that a stop is still seen within one.
    mutating func keep(played: Int, until stopped: () -> Bool) {
        wait(played: played, ahead: Self.aheadSeconds, until: stopped)
    }

    /// At the end, once the device has drained: until the clock has caught up with every frame.
    mutating func finish(played: Int, until stopped: () -> Bool) {
        wait(played: played, ahead: 0, until: stopped)
    }

    private mutating func wait(played: Int, ahead allowed: Double, until stopped: () -> Bool) {
        let now = clock.now()
        let start = started ?? now
        started = start
        while !stopped() {
            let ahead = Double(played) / rate - Double(clock.now() - start) / 1e9
            guard ahead > allowed else { return }
            usleep(UInt32(min(ahead - allowed / 2, 0.05) * 1_000_000))
        }
    }
}
