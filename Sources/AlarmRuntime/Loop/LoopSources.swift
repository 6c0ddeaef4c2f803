import AlarmCore
#if canImport(Glibc)
import Glibc
#endif

/// `run`'s loop and what wakes it besides the faces: the wall-clock timer armed for the next thing
/// due, the watch on the alarms file (and its calendars), the one on the time zone, the signals,
/// and the notifier the other threads ring. Made before any thread starts: a thread started later
/// (the ringer) inherits the blocked signal mask.
package final class LoopSources {
    package let loop = EventLoop()
    package let timer: WallClockTimer
    package let alarmsWatcher: FileWatcher
    /// `timedatectl set-timezone` replaces /etc/localtime; the zone is read again when it does.
    package let zoneWatcher: FileWatcher?
    package let signals: SignalWatcher
    package let notifier: Notifier
    /// Whether a deadline wakes a suspended machine (the timer's clock and an RTC), for `status`.
    package let wakeAbility: WakeAbility
    /// Started from a terminal: a SIGHUP once it is gone means it closed, not "reload".
    private let startedOnTerminal = ControllingTerminal.isPresent()

    package struct Handlers {
        package var timer: (WallClockTimer.Wake) -> Void
        package var alarmsFile: () -> Void
        package var zone: () -> Void
        /// SIGHUP reloads, SIGINT interrupts (stops what rings, or quits), SIGTERM quits.
        package var signal: (ControlRequest) -> Void
        /// SIGHUP from the terminal `run` was started on, as it closed: nobody is there to hear a ring.
        package var terminalClosed: () -> Void
        package var news: () -> Void
    }

    package init(alarmsPath: String) throws {
        signals = try SignalWatcher([SIGINT, SIGTERM, SIGHUP])
        signal(SIGPIPE, SIG_IGN)
        timer = try WallClockTimer()
        wakeAbility = WakeAbility(alarmClock: timer.wakesFromSuspend, problem: timer.noWakeReason)
        notifier = try Notifier()
        try FileSystem.makeDirectories(FileSystem.parent(of: alarmsPath))
        alarmsWatcher = try FileWatcher(path: alarmsPath)
        zoneWatcher = try? FileWatcher(path: "/etc/localtime")
    }

    /// Each source, watched on the loop, calls its handler only when something happened to it.
    package func watch(_ handlers: Handlers) {
        loop.watch(timer.descriptor) { [unowned self] in handlers.timer(timer.acknowledge()) }
        loop.watch(alarmsWatcher.descriptor) { [unowned self] in
            if alarmsWatcher.fileChanged() { handlers.alarmsFile() }
        }
        if let zoneWatcher {
            loop.watch(zoneWatcher.descriptor) { if zoneWatcher.fileChanged() { handlers.zone() } }
        }
        loop.watch(signals.descriptor) { [unowned self] in
            for number in signals.pending() {
                if number == SIGHUP, startedOnTerminal, !ControllingTerminal.isPresent() {
                    handlers.terminalClosed()
                } else {
                    handlers.signal(number == SIGHUP ? .reload : number == SIGINT ? .interrupt : .quit)
                }
            }
        }
        loop.watch(notifier.descriptor) { [unowned self] in
            notifier.reset()
            handlers.news()
        }
    }
}
