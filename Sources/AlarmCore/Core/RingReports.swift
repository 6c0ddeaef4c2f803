/// The rings that did not ring as asked (`ring_degraded`) and the missed ones: each ring's
/// degradation is said once, and both are kept, the newest `kept`, until the page says they were
/// seen (they live in state.json, so a restart keeps them too).
package struct RingReports: Sendable {
    package static let kept = 20
    /// Alarms whose ring was reported degraded, until that ring ends.
    private var degraded: Set<String> = []

    package init() {}

    /// Whether it is news that the ring of `id` is degraded: said once a ring.
    package mutating func degrade(_ id: String) -> Bool { degraded.insert(id).inserted }

    /// The ring of `id` ended: its next ring may be reported again.
    package mutating func ended(_ id: String) { degraded.remove(id) }

    /// `reports` with `event` kept, when it is one the page is shown; nil when it is not.
    package static func keeping(_ event: DaemonEvent, at now: Instant, in reports: [JSONValue]) -> [JSONValue]? {
        switch event {
        case .ringDegraded, .missed: return Array((reports + [event.json(at: now)]).suffix(kept))
        default: return nil
        }
    }
}
