import AlarmCore
#if canImport(Glibc)
import Glibc
#endif
import CLinuxShims

/// Waits until a descriptor has input or an absolute `CLOCK_MONOTONIC` deadline passes.
///
/// The deadline goes into a timerfd armed with `TFD_TIMER_ABSTIME` rather than a `poll` timeout:
/// poll counts whole milliseconds from the moment it is called, so a recomputed timeout rounds and
/// drifts, while an absolute timer fires at the deadline itself (a timer's end, to the microsecond).
/// `poll` (not epoll or a DispatchSource) also works on `/dev/null` and regular files, which are
/// always readable and then report end of file.
final package class ReadinessWait {
    package enum Outcome {
        case readable
        case deadline
    }

    private let timer: Int32

    package init() {
        timer = timerfd_create(CLOCK_MONOTONIC, alarmplay_TFD_CLOEXEC)
        precondition(timer >= 0, "timerfd_create failed: \(FileSystem.lastErrorDescription())")
    }

    deinit {
        close(timer)
    }

    /// Waits for `descriptor` (nil: no input to wait for) until `deadline` (nil: no deadline).
    package func wait(for descriptor: Int32?, until deadline: Int64?) -> Outcome {
        arm(deadline)
        var fds = [pollfd(fd: timer, events: Int16(POLLIN), revents: 0)]
        if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        while true {
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .readable
            }
            // Hang-up and errors count as readable: the read that follows reports end of input.
            if fds.count > 1, fds[1].revents != 0 { return .readable }
            if fds[0].revents != 0 {
                var expirations: UInt64 = 0
                _ = read(timer, &expirations, MemoryLayout<UInt64>.size)
                return .deadline
            }
        }
    }

    private func arm(_ deadline: Int64?) {
        var spec = itimerspec()
        if let deadline {
            // A zero it_value disarms the timer; a deadline already past must still fire.
            let at = max(deadline, 1)
            spec.it_value = timespec(tv_sec: Int(at / 1_000_000_000), tv_nsec: Int(at % 1_000_000_000))
        }
        _ = timerfd_settime(timer, alarmplay_TFD_TIMER_ABSTIME, &spec, nil)
    }
}
