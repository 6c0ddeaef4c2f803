/// `run`'s watch on the clock: says when a warning begins (`clock_unsynchronised`, once per
/// ring) and when the kernel calls the clock synchronised again (`clock_synchronised`), and
/// when to look next. Pure: the daemon gives it the kernel's word at each step.
package struct ClockWatch {
    /// While a warning stands, how often the kernel is asked again: NTP may settle the clock by
    /// slewing it, which no timer hears of (a step is heard at once, as `clock_changed`).
    package static let recheckSeconds = 300

    private(set) package var warning: ClockWarning?
    /// The kernel's word at the last step: what the faces show until the next.
    private(set) package var synchronised: Bool?

    package init() {}

    /// The events to say, and the second to look again (nil: nothing to look for).
    mutating package func step(now: Int, synchronised: Bool?, next: Ring?) -> (events: [DaemonEvent], next: Int?) {
        let found = ClockWarning.decide(now: now, synchronised: synchronised, next: next)
        var events: [DaemonEvent] = []
        if let found, found != warning { events.append(.clockUnsynchronised(id: found.id, ring: found.ring)) }
        if warning != nil, found == nil, synchronised == true { events.append(.clockSynchronised) }
        warning = found
        self.synchronised = synchronised
        if found != nil { return (events, now + Self.recheckSeconds) }
        // The moment the next ring comes within the window.
        return (events, next.map { $0.at - ClockWarning.window }.flatMap { $0 > now ? $0 : nil })
    }
}
