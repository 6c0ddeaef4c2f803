/// Whether a deadline can wake a suspended machine: it takes both the alarm clock
/// (CLOCK_REALTIME_ALARM, which needs CAP_WAKE_ALARM) and an RTC that can wake it. `doctor` and
/// `run`'s status answer it here, so they cannot disagree.
public struct WakeAbility: Sendable, Equatable {
    public static let rtcPath = "/sys/class/rtc/rtc0/wakealarm"

    /// Whether CLOCK_REALTIME_ALARM could be armed, and why not.
    public var alarmClock: Bool
    public var alarmClockProblem: String?
    public var rtc: Bool

    public init(alarmClock: Bool, problem: String?, rtc: Bool = FileSystem.exists(WakeAbility.rtcPath)) {
        self.alarmClock = alarmClock
        alarmClockProblem = problem
        self.rtc = rtc
    }

    public var canWake: Bool { alarmClock && rtc }

    /// What is missing; nil when it can wake.
    public var reason: String? {
        guard !canWake else { return nil }
        return [alarmClock ? nil : alarmClockProblem ?? tr("no CAP_WAKE_ALARM"), rtc ? nil : tr("no RTC wake alarm at {path}", ["path": Self.rtcPath])]
            .compactMap { $0 }.joined(separator: "; ")
    }

    /// What `run` says of it once at start, loudly when the timer cannot wake the machine: a
    /// laptop that suspends overnight would stay asleep.
    package func announcement(wakeEarly: Int) -> DaemonEvent {
        guard !alarmClock else { return .wakeReady(earlySeconds: wakeEarly) }
        return .noWake(
            reason: alarmClockProblem ?? "unknown",
            hint: "a suspended machine will not wake for alarms: run as a system service ('sudo alarmplay install-service --system' grants CAP_WAKE_ALARM), or keep the machine from suspending")
    }
}
