import AlarmCore
import FaceTerminal

/// A stopwatch driven by actions, each answered with one line for the person or script using it,
/// in their language.
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
        let at = ["time": time(now)]
        switch action {
        case .toggle:
            return perform(stopwatch.state == .running ? .stop : .start)
        case .start:
            return stopwatch.start(at: now) ? tr("started at {time}", at) : tr("already running at {time}", at)
        case .stop:
            return stopwatch.stop(at: now) ? tr("stopped at {time}", at) : tr("not running ({time})", at)
        case .lap:
            guard let lap = stopwatch.lap(at: now) else { return tr("no lap: the stopwatch is not running") }
            return StopwatchFormat.lapLine(lap)
        case .reset:
            if stopwatch.reset() { return tr("reset") }
            return stopwatch.state == .running ? tr("no reset while running: stop first") : tr("already at zero")
        case .copy:
            let laps = stopwatch.laps
            guard !laps.isEmpty else { return tr("no laps to copy") }
            let targets = copy(StopwatchFormat.copyText(laps))
            guard !targets.isEmpty else { return tr("copy failed: no terminal for OSC 52, and no wl-copy or xclip for a display") }
            return trn("copied {n} lap ({targets})", "copied {n} laps ({targets})", laps.count,
                       ["targets": targets.map(\.rawValue).joined(separator: ", ")])
        case .quit:
            stopwatch.stop(at: now)
            return tr("quit at {time}", at)
        }
    }

    private func time(_ now: Int64) -> String {
        StopwatchFormat.time(stopwatch.elapsed(at: now))
    }
}
