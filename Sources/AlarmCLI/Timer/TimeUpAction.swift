import AlarmCore
import AlarmRuntime
import FaceTerminal

/// A timer reaching zero, with what its command line asked the ringing to be.
public struct TimeUp: Sendable {
    public var label: String
    /// What to ring; its sound was checked against `registry` when the timer started.
    public var request: RingRequest
    public var registry: SoundRegistry
    /// A ringer opened a second before zero and waiting for it, if the countdown got that far
    /// without a pause: it starts on the deadline instead of after opening the device.
    public var prepared: Ringer?
    /// The `CLOCK_MONOTONIC` instant the countdown ended, and when the timer noticed: their difference
    /// is how late the ringing starts.
    public var deadline: Int64
    public var noticedAt: Int64
}

/// What happens at zero: the seam where `run`'s ringing (looping sound, fade-in, snooze and stop keys,
/// never-silent fallback) plugs into the timer. It receives the timer's input source, which still
/// owns the terminal's raw mode, so its keys work without switching modes, and returns the exit status.
public protocol TimeUpAction: Sendable {
    func ring(_ timeUp: TimeUp, input: any InputSource, context: CommandContext) throws -> ExitCode
}
