/// The stopwatch's final state for `--json`:
/// `{"elapsedMs":72400,"laps":[{"number":1,"totalMs":23950,"diffMs":23950}]}`.
/// Milliseconds are truncated like the display, and `diffMs` is the difference of the truncated
/// totals, so the numbers add up exactly. Only integers: nothing needs escaping.
public enum StopwatchJSON {
    public static func render(_ stopwatch: Stopwatch, at now: Int64) -> String {
        let laps = stopwatch.laps.map { lap in
            let total = milliseconds(lap.total)
            return "{\"number\":\(lap.number),\"totalMs\":\(total),\"diffMs\":\(total - milliseconds(lap.previousTotal))}"
        }
        return "{\"elapsedMs\":\(milliseconds(stopwatch.elapsed(at: now))),\"laps\":[\(laps.joined(separator: ","))]}"
    }

    private static func milliseconds(_ nanoseconds: Int64) -> Int64 {
        nanoseconds / 1_000_000
    }
}
