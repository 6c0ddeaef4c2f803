import AlarmCore
import CLinuxShims

/// What `run` takes from the world that a test replaces: the wall clock its decisions read,
/// whether the kernel calls that clock synchronised, and how a sound starts. The loop, the timer
/// and the watchers stay real (a test drives the daemon through `perform` and `evaluate` and
/// never runs the loop), so only time, its trust and sound are faked.
package struct DaemonSeams {
    package var clock: any WallClock
    /// adjtimex's word (`STA_UNSYNC`, which the kernel also sets once its maximum error passes
    /// 16 s): nil when it cannot be asked.
    package var synchronised: @Sendable () -> Bool?
    /// Starts a sound; nil: on a ringer thread (`Ringer`).
    package var startSound: RingEngine.Start?

    package init(clock: any WallClock = SystemClock(), synchronised: @escaping @Sendable () -> Bool? = DaemonSeams.kernelSynchronised,
                 startSound: RingEngine.Start? = nil) {
        self.clock = clock
        self.synchronised = synchronised
        self.startSound = startSound
    }

    @Sendable package static func kernelSynchronised() -> Bool? {
        switch alarmplay_clock_synchronised() {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }
}
