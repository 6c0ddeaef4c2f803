import AlarmCore

/// A `FloodTally` on the loop: whether to tell each one in full, and the count of the rest said
/// through `untold` once its interval ends (or when the next one opens). What the MQTT face's
/// refused commands and the input face's presses share.
package final class FloodTeller {
    private let loop: EventLoop
    private let untold: (Int) -> Void
    private var tally = FloodTally()
    /// When the current interval's untold ones are said.
    private var summary: EventLoop.Deadline?
    private let clock = SystemMonotonicTime()

    package static var intervalSeconds: Int64 { FloodTally.intervalNanoseconds / 1_000_000_000 }

    /// `untold` must not hold its owner strongly: the teller is the owner's.
    package init(loop: EventLoop, untold: @escaping (Int) -> Void) {
        self.loop = loop
        self.untold = untold
    }

    deinit {
        loop.cancel(summary)
    }

    /// Whether to tell this one in full; when not, it is counted.
    package func tell() -> Bool {
        let (tell, untoldBefore) = tally.note(at: clock.now())
        if untoldBefore > 0 { untold(untoldBefore) }
        if !tell, summary == nil {
            summary = loop.schedule(afterMilliseconds: FloodTally.intervalNanoseconds / 1_000_000) { [weak self] in
                guard let self else { return }
                summary = nil
                let count = tally.takeUntold()
                if count > 0 { untold(count) }
            }
        }
        return tell
    }
}
