import AlarmCore

/// A way into and out of `run`: the terminal, the phone page, Home Assistant, hooks, the events
/// file. Each turns what it receives into the core's commands and hears every event once, on the
/// loop thread.
/// A face that cannot start or breaks logs it and retries by itself; it never stops a ring.
package protocol DaemonFace: AnyObject {
    func start()
    func publish(_ event: DaemonEvent, at instant: Instant)
    /// A clean stop (MQTT says `offline` before it goes).
    func stop()
    /// What the face adds to `status` (the page's address).
    var statusMembers: [JSONMember] { get }
    /// Just before the log writes a line (a face drawing on the same terminal clears it).
    func beforeLogLine()
}

extension DaemonFace {
    package var statusMembers: [JSONMember] { [] }
    package func beforeLogLine() {}
}
