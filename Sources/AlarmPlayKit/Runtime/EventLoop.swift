#if canImport(Glibc)
import Glibc
#endif

/// A single-threaded poll(2) loop over file descriptors: signals, stdin, timers, the control
/// socket and wake-ups from the audio thread. It sleeps in the kernel until one is ready, so an
/// idle alarm process makes no wake-ups; `tickInterval` exists only for on-screen redraws.
public final class EventLoop {
    public typealias Handler = () -> Void

    private var handlers: [(descriptor: Int32, handler: Handler)] = []
    private var running = false
    /// Milliseconds between `onTick` calls; nil means no ticks (sleep until an event).
    public var tickInterval: Int32?
    public var onTick: Handler?

    public init() {}

    public func watch(_ descriptor: Int32, _ handler: @escaping Handler) {
        handlers.removeAll { $0.descriptor == descriptor }
        handlers.append((descriptor, handler))
    }

    public func unwatch(_ descriptor: Int32) {
        handlers.removeAll { $0.descriptor == descriptor }
    }

    public func stop() {
        running = false
    }

    public func run() {
        running = true
        while running {
            var descriptors = handlers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), tickInterval ?? -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                onTick?()
                continue
            }
            for entry in descriptors where entry.revents != 0 {
                // A handler may unwatch descriptors; look each one up again.
                handlers.first { $0.descriptor == entry.fd }?.handler()
                if !running { return }
            }
        }
    }
}
