/// A stopwatch driven by actions, each answered with one line for the person or script using it.
/// The clock and the clipboard are passed in, so the whole dialogue can be tested.
public struct StopwatchSession {
    public private(set) var stopwatch = Stopwatch()
    public let clock: any MonotonicTimeSource
    /// Copies the text and names the targets that took it.
    private let copy: (String) -> [ClipboardTarget]

    public init(clock: any MonotonicTimeSource, copy: @escaping (String) -> [ClipboardTarget]) {
        self.clock = clock
        self.copy = copy
    }

    /// Performs `action` and describes the result. `quit` stops the clock so the final time the
    /// caller prints next is the time of the quit.
    public mutating func perform(_ action: StopwatchAction) -> String {
        let now = clock.now()
        switch action {
        case .toggle:
            return perform(stopwatch.state == .running ? .stop : .start)
        case .start:
            return stopwatch.start(at: now) ? "started at \(time(now))" : "already running at \(time(now))"
        case .stop:
            return stopwatch.stop(at: now) ? "stopped at \(time(now))" : "not running (\(time(now)))"
        case .lap:
            guard let lap = stopwatch.lap(at: now) else { return "no lap: the stopwatch is not running" }
            return StopwatchFormat.lapLine(lap)
        case .reset:
            if stopwatch.reset() { return "reset" }
            return stopwatch.state == .running ? "no reset while running: stop first" : "already at zero"
        case .copy:
            let laps = stopwatch.laps
            guard !laps.isEmpty else { return "no laps to copy" }
            let targets = copy(StopwatchFormat.copyText(laps))
            guard !targets.isEmpty else { return "copy failed: no terminal for OSC 52, and no wl-copy or xclip for a display" }
            let noun = laps.count == 1 ? "lap" : "laps"
            return "copied \(laps.count) \(noun) (\(targets.map(\.rawValue).joined(separator: ", ")))"
        case .quit:
            stopwatch.stop(at: now)
            return "quit at \(time(now))"
        }
    }

    private func time(_ now: Int64) -> String {
        StopwatchFormat.time(stopwatch.elapsed(at: now))
    }
}
