/// More than `limit` bad tokens a minute from one address, and that address's wrong tokens get
/// 429 for the rest of the minute (the right one is always served): guessing 128 bits is hopeless anyway, but a flood of
/// guesses should cost the guesser, not the alarm clock. Pure: the caller passes the time.
public struct BadTokenLimiter: Sendable {
    public var limit = 20
    public var windowSeconds = 60.0
    private var failures: [String: [Double]] = [:]

    public init() {}

    public func isBlocked(_ address: String, now: Double) -> Bool {
        recent(address, now: now).count > limit
    }

    public mutating func recordFailure(_ address: String, now: Double) {
        failures[address] = Array((recent(address, now: now) + [now]).suffix(limit + 1))
        // Old addresses go, so a scan of many addresses cannot grow this without bound.
        if failures.count > 1024 { failures = failures.filter { !recent($0.key, now: now).isEmpty } }
    }

    private func recent(_ address: String, now: Double) -> [Double] {
        (failures[address] ?? []).filter { now - $0 < windowSeconds }
    }
}
