/// A way into and out of `run` besides the terminal: the phone page, Home Assistant. Each turns
/// what it receives into the daemon's commands and hears every event once, on the loop thread.
/// A face that cannot start or breaks logs it and retries by itself; it never stops a ring.
protocol DaemonFace: AnyObject {
    func start()
    func publish(_ event: DaemonEvent, at instant: Instant)
    /// A clean stop (MQTT says `offline` before it goes).
    func stop()
    /// What the face adds to `status` (the page's address).
    var statusMembers: [JSONMember] { get }
}

extension DaemonFace {
    var statusMembers: [JSONMember] { [] }
}
