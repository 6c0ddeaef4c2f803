import AlarmCore

/// How stopwatch times are written.
///
/// Times are truncated to hundredths, never rounded: the display never runs ahead of the real time,
/// and a field can never read 60 (59.995 s shows `00:59.99`, 60 s shows `01:00.00`). Truncation
/// happens once, on the whole time in hundredths, before it is split into fields.
/// A lap's difference is the difference of the two truncated totals, so the column always adds up
/// exactly: lap 2's total is lap 1's total plus lap 2's difference, as displayed.
public enum StopwatchFormat {
    public static func hundredths(_ nanoseconds: Int64) -> Int64 {
        nanoseconds / 10_000_000
    }

    /// `MM:SS.cc`, or `H:MM:SS.cc` from one hour on.
    public static func time(_ nanoseconds: Int64) -> String {
        time(hundredths: hundredths(nanoseconds))
    }

    package static func time(hundredths: Int64) -> String {
        let hours = hundredths / 360_000
        let minutes = hundredths / 6_000 % 60
        let seconds = hundredths / 100 % 60
        let fraction = hundredths % 100
        let clock = "\(twoDigits(minutes)):\(twoDigits(seconds)).\(twoDigits(fraction))"
        return hours > 0 ? "\(hours):\(clock)" : clock
    }

    /// The lap's own duration as displayed: difference of the truncated totals.
    public static func duration(of lap: Lap) -> String {
        time(hundredths: hundredths(lap.total) - hundredths(lap.previousTotal))
    }

    /// `Lap 3   01:12.40   +00:23.95`, with the number padded to `numberWidth` so laps line up,
    /// and `  fastest` or `  slowest` after marked laps.
    public static func lapLine(_ lap: Lap, numberWidth: Int = 1, mark: Stopwatch.Mark? = nil) -> String {
        let number = String(lap.number)
        var line = trc("stopwatch", "Lap {n}", ["n": number]) + String(repeating: " ", count: max(0, numberWidth - number.count))
        line += "   " + time(lap.total) + "   +" + duration(of: lap)
        if let mark { line += "  " + mark.words }
        return line
    }

    /// The laps for the clipboard and `--laps-file`: `N   total   diff`, oldest first, one per line.
    public static func copyText(_ laps: [Lap]) -> String {
        laps.map { "\($0.number)   \(time($0.total))   \(duration(of: $0))\n" }.joined()
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
