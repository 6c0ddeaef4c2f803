import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// A single-threaded poll(2) loop over file descriptors (signals, stdin, timers, sockets, wake-ups
/// from the audio thread) and monotonic deadlines (a connection's time-out, a library's timer).
/// It sleeps in the kernel until one is ready: with no deadline pending an idle alarm process makes
/// no wake-ups. Handlers must never block; whatever can wait (a slow client) waits in a buffer for
/// its descriptor to become ready again.
public final class EventLoop {
    public typealias Handler = () -> Void
    public typealias ReadinessHandler = (Readiness) -> Void

    /// What a descriptor is watched for, and what it was found ready for. Hang-ups and errors are
    /// reported as `readable`: the read that follows finds the end or the error.
    public struct Readiness: OptionSet, Sendable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }
        public static let readable = Readiness(rawValue: Int16(POLLIN))
        public static let writable = Readiness(rawValue: Int16(POLLOUT))
    }

    /// A pending deadline, to cancel it.
    public struct Deadline: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Watch {
        var descriptor: Int32
        var interest: Readiness
        var handler: ReadinessHandler
    }

    private var watches: [Watch] = []
    private var deadlines: [Int: (at: Int64, handler: Handler)] = [:]
    private var lastDeadlineID = 0
    private var running = false
    private let clock = SystemMonotonicTime()
    private var nextTick: Int64?

    /// Milliseconds between `onTick` calls; nil means no ticks (sleep until an event).
    public var tickInterval: Int32? {
        didSet { nextTick = tickInterval.map { clock.now() + Int64($0) * 1_000_000 } }
    }
    public var onTick: Handler?

    public init() {}

    public func watch(_ descriptor: Int32, _ handler: @escaping Handler) {
        watch(descriptor, for: .readable) { _ in handler() }
    }

    public func watch(_ descriptor: Int32, for interest: Readiness, _ handler: @escaping ReadinessHandler) {
        unwatch(descriptor)
        watches.append(Watch(descriptor: descriptor, interest: interest, handler: handler))
    }

    /// Changes what a watched descriptor is polled for (a connection with a reply to write).
    public func setInterest(_ interest: Readiness, for descriptor: Int32) {
        guard let index = watches.firstIndex(where: { $0.descriptor == descriptor }) else { return }
        watches[index].interest = interest
    }

    public func unwatch(_ descriptor: Int32) {
        watches.removeAll { $0.descriptor == descriptor }
    }

    /// Calls `handler` once `CLOCK_MONOTONIC` reaches `at` (nanoseconds, as `SystemMonotonicTime`).
    @discardableResult
    public func schedule(at: Int64, _ handler: @escaping Handler) -> Deadline {
        lastDeadlineID += 1
        deadlines[lastDeadlineID] = (at, handler)
        return Deadline(id: lastDeadlineID)
    }

    @discardableResult
    public func schedule(afterMilliseconds delay: Int64, _ handler: @escaping Handler) -> Deadline {
        schedule(at: clock.now() + delay * 1_000_000, handler)
    }

    public func cancel(_ deadline: Deadline?) {
        guard let deadline else { return }
        deadlines[deadline.id] = nil
    }

    public func stop() {
        running = false
    }

    public func run() {
        running = true
        while running {
            var descriptors = watches.map { pollfd(fd: $0.descriptor, events: $0.interest.rawValue, revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout())
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for entry in descriptors where entry.revents != 0 {
                // A handler may unwatch descriptors or change interests; look each one up again.
                guard let watch = watches.first(where: { $0.descriptor == entry.fd }) else { continue }
                var readiness = Readiness(rawValue: entry.revents).intersection([.readable, .writable])
                if entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { readiness.insert(.readable) }
                watch.handler(readiness.intersection(watch.interest.union(.readable)))
                if !running { return }
            }
            runDue()
        }
    }

    /// Milliseconds until the earliest deadline or tick, rounded up so it is never woken early;
    /// -1 (sleep until an event) when there is none.
    private func timeout() -> Int32 {
        guard let earliest = (deadlines.values.map(\.at) + [nextTick].compactMap { $0 }).min() else { return -1 }
        let remaining = earliest - clock.now()
        guard remaining > 0 else { return 0 }
        return Int32(min((remaining + 999_999) / 1_000_000, Int64(Int32.max)))
    }

    private func runDue() {
        let now = clock.now()
        let due = deadlines.filter { $0.value.at <= now }.sorted { $0.value.at < $1.value.at }
        for (id, deadline) in due {
            // An earlier handler may have cancelled this one.
            guard deadlines.removeValue(forKey: id) != nil else { continue }
            deadline.handler()
            if !running { return }
        }
        if let tick = nextTick, tick <= now, let interval = tickInterval {
            nextTick = now + Int64(interval) * 1_000_000
            onTick?()
        }
    }
}
