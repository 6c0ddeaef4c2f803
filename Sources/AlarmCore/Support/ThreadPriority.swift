#if canImport(Glibc)
import Glibc
#endif

/// The priority an alarm deserves where the system allows it. With CAP_SYS_NICE (root, or the
/// system unit's ambient capability) the loop thread and every ringer thread run SCHED_RR at a
/// low real-time priority, ahead of builds and disk-heavy work but behind the kernel's own
/// real-time threads; without it they keep the normal scheduler. Either way `run` says which it
/// got (`event=priority`, `status`, `doctor`).
public enum ThreadPriority {
    /// Low on the 1–99 scale: enough to preempt every normal process, not the audio server's
    /// own real-time threads (PipeWire and PulseAudio ask for 20 and 5 through rtkit).
    public static let realtime: Int32 = 10
    /// SCHED_RESET_ON_FORK (sched(7)), which Glibc's module does not export: what the raised
    /// thread starts (a worker thread, a hook, curl) is back on the normal scheduler; only the
    /// ringers raise themselves again.
    package static let resetOnFork: Int32 = 0x4000_0000

    /// What the calling thread got.
    public enum Outcome: Sendable, Equatable {
        case realtime(priority: Int32)
        /// The normal scheduler at this nice value, and why not real-time.
        case normal(nice: Int32, reason: String)

        public var isRealtime: Bool {
            if case .realtime = self { return true }
            return false
        }

        public var json: JSONValue {
            switch self {
            case let .realtime(priority): return ["scheduler": "rr", "priority": .int(Int(priority))]
            case let .normal(nice, reason): return ["scheduler": "normal", "nice": .int(Int(nice)), "reason": .string(reason)]
            }
        }
    }

    /// Puts the calling thread on SCHED_RR at `realtime`, if allowed.
    @discardableResult
    public static func raiseCurrentThread() -> Outcome {
        var parameters = sched_param()
        parameters.sched_priority = realtime
        let result = pthread_setschedparam(pthread_self(), Int32(SCHED_RR) | resetOnFork, &parameters)
        guard result != 0 else { return .realtime(priority: realtime) }
        errno = 0
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let why = String(cString: strerror(result))
        return .normal(nice: nice, reason: "real-time scheduling refused (\(why)): it needs CAP_SYS_NICE, which the system service has")
    }
}
