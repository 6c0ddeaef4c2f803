import AlarmCore

/// What `run` takes from the world that a test replaces: the wall clock its decisions read, and
/// how a sound starts. The loop, the timer and the watchers stay real (a test drives the daemon
/// through `perform` and `evaluate` and never runs the loop), so only time and sound are faked.
package struct DaemonSeams {
    package var clock: any WallClock
    /// Starts a sound; nil: on a ringer thread (`Ringer`).
    package var startSound: RingEngine.Start?

    package init(clock: any WallClock = SystemClock(), startSound: RingEngine.Start? = nil) {
        self.clock = clock
        self.startSound = startSound
    }
}
