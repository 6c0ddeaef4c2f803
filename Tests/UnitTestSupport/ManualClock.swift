import AlarmCore
import Synchronization

/// A wall clock the test sets.
package final class ManualClock: WallClock {
    private let current: Mutex<Instant>

    package init(_ instant: Instant) { current = Mutex(instant) }

    package func now() -> Instant { current.withLock { $0 } }
    package func set(_ instant: Instant) { current.withLock { $0 = instant } }
}
