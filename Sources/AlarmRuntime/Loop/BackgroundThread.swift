#if canImport(Glibc)
import Glibc
#endif

import AlarmCore

/// Runs blocking work (writing to the sound device, a lookup) on a POSIX thread of its own, so
/// the event loop stays free to read keys and signals. Only `Sendable` work crosses over. When
/// no thread can start (a task limit: systemd's `TasksMax`) it throws and the work is not run:
/// run inline it would block the loop that rings, answers and exits.
package enum BackgroundThread {
    private final class Body: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    package static func start(_ work: @escaping @Sendable () -> Void) throws(SystemError) {
        let body = Unmanaged.passRetained(Body(work)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            body.work()
            return nil
        }, body)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(body).release()
            throw SystemError("pthread_create", code: result)
        }
        pthread_detach(thread)
    }
}
