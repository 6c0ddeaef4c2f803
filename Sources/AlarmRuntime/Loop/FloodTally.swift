/// How a flood is told (refused MQTT messages, a stuck key's presses): the first few of each
/// interval in full (a person trying a value sees each answer), the rest counted and said as one
/// line when the interval ends. So 300,000 junk payloads cost a counter each, not a log line, an
/// event and a republish each. Pure: the caller passes monotonic nanoseconds; `FloodTeller`
/// runs it on the loop.
package struct FloodTally {
    package static let intervalNanoseconds: Int64 = 10_000_000_000
    package static let toldPerInterval = 5

    private var intervalStart: Int64?
    private var told = 0
    /// Refused in the current interval and not told one by one.
    private(set) package var untold = 0

    /// Whether to tell this rejection in full. When it opens a new interval, `untoldBefore` is
    /// the count the one before left untold (to be said now, if the caller has not yet).
    mutating package func note(at now: Int64) -> (tell: Bool, untoldBefore: Int) {
        var untoldBefore = 0
        if intervalStart.map({ now - $0 >= Self.intervalNanoseconds }) ?? true {
            untoldBefore = untold
            intervalStart = now
            told = 0
            untold = 0
        }
        guard told < Self.toldPerInterval else {
            untold += 1
            return (false, untoldBefore)
        }
        told += 1
        return (true, untoldBefore)
    }

    /// At the interval's end: the count left untold, which is then cleared.
    mutating package func takeUntold() -> Int {
        defer { untold = 0 }
        return untold
    }
}
