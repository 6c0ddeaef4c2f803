import AlarmCore
import CLinuxShims

#if canImport(Glibc)
import Glibc
#endif

/// A timerfd on the wall clock armed with an absolute deadline. The kernel wakes us exactly at
/// the deadline (no polling loop), and TFD_TIMER_CANCEL_ON_SET also wakes us when the wall
/// clock is set — an NTP step at a Pi's boot, `date -s`, resume from suspend — so the schedule
/// is recomputed against the new time instead of sleeping on a stale deadline.
///
/// It uses CLOCK_REALTIME_ALARM when the process may (CAP_WAKE_ALARM): the same clock, but its
/// deadlines also wake a suspended machine. Without the capability it falls back to
/// CLOCK_REALTIME and says why, so `run` can tell the user.
public final class WallClockTimer {
    public let descriptor: Int32
    /// Whether a deadline wakes the machine from suspend.
    public let wakesFromSuspend: Bool
    /// Why it cannot (nil when it can).
    public let noWakeReason: String?
    /// What it was last armed for; nil: nothing is due (what the daemon's unit tests read).
    public private(set) var deadline: (seconds: Int64, nanoseconds: Int64)?

    /// What woke the timer.
    public enum Wake: Equatable {
        case deadline
        case clockChanged
        case spurious
    }

    public init(wakeFromSuspend: Bool = true) throws(SystemError) {
        let flags = alarmplay_TFD_CLOEXEC | Int32(O_NONBLOCK)
        var reason = "not asked for"
        if wakeFromSuspend {
            let alarm = timerfd_create(alarmplay_CLOCK_REALTIME_ALARM, flags)
            if alarm >= 0 {
                descriptor = alarm
                wakesFromSuspend = true
                noWakeReason = nil
                return
            }
            reason = errno == EPERM ? tr("no CAP_WAKE_ALARM capability") : "CLOCK_REALTIME_ALARM: \(FileSystem.lastErrorDescription())"
        }
        let descriptor = timerfd_create(CLOCK_REALTIME, flags)
        guard descriptor >= 0 else { throw SystemError("timerfd_create") }
        self.descriptor = descriptor
        wakesFromSuspend = false
        noWakeReason = reason
    }

    deinit {
        close(descriptor)
    }

    /// What arming found.
    public enum Armed: Equatable {
        case armed
        /// The clock was set since the timer was last armed and no read has said so: Linux's
        /// timerfd_settime reports that with ECANCELED, arms the timer all the same, and the
        /// read will not report it again. The caller handles the step as that read would have.
        case clockChanged
    }

    /// Arms the timer for `seconds` + `nanoseconds` since the epoch; nil disarms it (nothing due).
    @discardableResult
    public func arm(at deadline: (seconds: Int64, nanoseconds: Int64)?) throws(SystemError) -> Armed {
        var spec = itimerspec()
        if let deadline {
            spec.it_value = SystemClock.kernelTime(seconds: Int(deadline.seconds), nanoseconds: Int(deadline.nanoseconds))
        }
        // Disarming still needs CANCEL_ON_SET armed to hear about clock changes: arm far ahead.
        if deadline == nil {
            spec.it_value = timespec(tv_sec: Int(Int32.max), tv_nsec: 0)
        }
        let flags = alarmplay_TFD_TIMER_ABSTIME | alarmplay_TFD_TIMER_CANCEL_ON_SET
        guard timerfd_settime(descriptor, flags, &spec, nil) == 0 else {
            if errno == ECANCELED { return .clockChanged }
            throw SystemError("timerfd_settime")
        }
        self.deadline = deadline
        return .armed
    }

    /// Reads the timer after poll said it is ready. A read failing with ECANCELED means the
    /// clock was set; the timer must be re-armed.
    public func acknowledge() -> Wake {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, 8)
        if count == 8 { return .deadline }
        return errno == ECANCELED ? .clockChanged : .spurious
    }
}
