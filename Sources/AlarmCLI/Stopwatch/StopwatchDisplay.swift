import AlarmCore
import AlarmRuntime

/// The lines the terminal shows: time and state, a hint or the last message, then the newest laps.
/// Only the laps that fit are formatted, so a redraw costs the same with ten laps or ten thousand.
public enum StopwatchDisplay {
    public static var keys: String { tr("Space start/stop   l lap   r reset   c copy   q quit") }

    public static func lines(_ stopwatch: Stopwatch, at now: Int64, message: String?, maxLaps: Int) -> [String] {
        var lines = ["  " + StopwatchFormat.time(stopwatch.elapsed(at: now)) + "   " + stateName(stopwatch.state), message ?? keys]
        let laps = stopwatch.laps
        let shown = min(laps.count, max(0, maxLaps))
        let numberWidth = String(laps.count).count
        for index in stride(from: laps.count - 1, through: laps.count - shown, by: -1) {
            lines.append(StopwatchFormat.lapLine(laps[index], numberWidth: numberWidth, mark: stopwatch.mark(ofLapAt: index)))
        }
        if shown < laps.count {
            lines.append(trn("({n} earlier lap)", "({n} earlier laps)", laps.count - shown))
        }
        return lines
    }

    /// The final time and every lap, newest first, for the scrollback after quitting.
    public static func summary(_ stopwatch: Stopwatch, at now: Int64) -> [String] {
        var lines = [tr("Stopwatch {time}", ["time": StopwatchFormat.time(stopwatch.elapsed(at: now))])]
        let numberWidth = String(stopwatch.laps.count).count
        for (index, lap) in stopwatch.laps.enumerated().reversed() {
            lines.append(StopwatchFormat.lapLine(lap, numberWidth: numberWidth, mark: stopwatch.mark(ofLapAt: index)))
        }
        return lines
    }

    public static func stateName(_ state: Stopwatch.State) -> String {
        switch state {
        case .ready: trc("stopwatch", "ready")
        case .running: trc("stopwatch", "running")
        case .paused: trc("stopwatch", "stopped")
        }
    }
}
