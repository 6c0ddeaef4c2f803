import AlarmCore

/// How a countdown is shown.
public enum CountdownFormat {
    /// Time left in whole seconds rounded up, `MM:SS` or `H:MM:SS`: it reads `00:00` only at the end,
    /// and a fresh 25-minute timer reads `25:00`, as on a phone.
    public static func remaining(_ nanoseconds: Int64) -> String {
        let seconds = (nanoseconds + 999_999_999) / 1_000_000_000
        let clock = twoDigits(seconds / 60 % 60) + ":" + twoDigits(seconds % 60)
        return seconds >= 3600 ? "\(seconds / 3600):" + clock : clock
    }

    /// `[#####-----]` with `width` cells, filled as time passes.
    public static func bar(_ progress: Double, width: Int) -> String {
        let filled = min(width, max(0, Int((progress * Double(width)).rounded(.down))))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    /// The status line: `Tea  04:59  [###-----------------]  Space pause  + 1 min  q cancel`.
    public static func line(_ countdown: Countdown, label: String, at now: Int64) -> String {
        let state = countdown.isPaused ? "  " + tr("paused") : ""
        let keys = countdown.isPaused ? tr("Space resume") : tr("Space pause")
        return "\(label)  \(remaining(countdown.remaining(at: now)))  \(bar(countdown.progress(at: now), width: 20))\(state)   \(keys)  "
            + tr("+ 1 min  q cancel")
    }

    /// When the displayed whole second next changes, so redraws fall on the tick itself.
    public static func nextChange(_ countdown: Countdown, at now: Int64) -> Int64? {
        guard !countdown.isPaused else { return nil }
        let left = countdown.remaining(at: now)
        let partial = left % 1_000_000_000
        return now + (partial == 0 ? 1_000_000_000 : partial)
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
