/// A snooze waiting to ring again; survives restarts in `state.json`.
public struct PendingSnooze: Sendable, Equatable {
    /// Epoch seconds when it rings again.
    public var until: Int
    /// Snoozes used so far in this ringing.
    public var count: Int

    public init(until: Int, count: Int) {
        self.until = until
        self.count = count
    }
}
