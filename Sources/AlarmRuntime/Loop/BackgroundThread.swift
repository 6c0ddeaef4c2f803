#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work (writing to the sound device) on its own POSIX thread, so the event
/// loop stays free to read keys and signals. Only `Sendable` work crosses over.
public enum BackgroundThread {
    private final class Body: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    public static func start(_ work: @escaping @Sendable () -> Void) {
        let body = Unmanaged.passRetained(Body(work)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            body.work()
            return nil
        }, body)
        if result != 0 {
            // Out of threads: run inline rather than never play.
            Unmanaged<Body>.fromOpaque(body).takeRetainedValue().work()
        } else {
            pthread_detach(thread)
        }
    }
}
