/// One lap: the stopwatch's time when it was taken and the time of the lap before.
public struct Lap: Sendable, Equatable {
    public var number: Int
    /// Elapsed nanoseconds on the stopwatch when the lap was taken.
    public var total: Int64
    /// `total` of the previous lap, 0 for the first.
    public var previousTotal: Int64

    public init(number: Int, total: Int64, previousTotal: Int64) {
        self.number = number
        self.total = total
        self.previousTotal = previousTotal
    }

    /// The lap's own duration.
    public var duration: Int64 { total - previousTotal }
}
