/// A countdown with its end fixed as an instant on the monotonic clock when it starts, so a slow
/// terminal or a late wake-up can make the display lag but never the end. Pausing keeps the time
/// left; resuming sets a new end from it.
public struct Countdown: Sendable, Equatable {
    /// Length including added minutes, for the progress bar.
    public private(set) var total: Int64
    /// The instant it reaches zero; nil while paused.
    public private(set) var deadline: Int64?
    private var leftWhenPaused: Int64 = 0

    public init(duration: Int64, startedAt now: Int64) {
        total = duration
        deadline = now + duration
    }

    public var isPaused: Bool { deadline == nil }

    public func remaining(at now: Int64) -> Int64 {
        deadline.map { max(0, $0 - now) } ?? leftWhenPaused
    }

    public func isFinished(at now: Int64) -> Bool {
        !isPaused && remaining(at: now) == 0
    }

    /// Share of the total already gone, 0...1.
    public func progress(at now: Int64) -> Double {
        total > 0 ? Double(total - remaining(at: now)) / Double(total) : 1
    }

    /// Pauses when running, resumes when paused.
    public mutating func togglePause(at now: Int64) {
        if let deadline {
            leftWhenPaused = max(0, deadline - now)
            self.deadline = nil
        } else {
            deadline = now + leftWhenPaused
        }
    }

    /// Adds time to what is left and to the total (Android's "+1:00").
    public mutating func add(_ nanoseconds: Int64) {
        total += nanoseconds
        if let deadline {
            self.deadline = deadline + nanoseconds
        } else {
            leftWhenPaused += nanoseconds
        }
    }
}
