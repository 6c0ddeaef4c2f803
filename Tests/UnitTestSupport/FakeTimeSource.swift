import AlarmCore
import Synchronization

/// A monotonic clock the test moves by hand.
final package class FakeTimeSource: MonotonicTimeSource {
    private let time: Mutex<Int64>

    package init(_ start: Int64 = 1_000_000_000_000) {
        time = Mutex(start)
    }

    package func now() -> Int64 { time.withLock { $0 } }

    package func advance(seconds: Double) {
        time.withLock { $0 += Int64((seconds * 1e9).rounded()) }
    }
}

extension Int64 {
    package static func seconds(_ value: Double) -> Int64 { Int64((value * 1e9).rounded()) }
}
