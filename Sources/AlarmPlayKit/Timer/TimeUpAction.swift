#if canImport(Glibc)
import Glibc
#endif

/// A timer reaching zero, with what its command line asked the ringing to be.
public struct TimeUp: Sendable {
    public var label: String
    /// `--sound`, as typed (an index or a name), nil for the default.
    public var sound: String?
    public var volume: Double?
    public var device: String
    public var soundFolders: [String]
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

/// Stand-in until the real ringing is plugged in: the terminal bell every second until a key is pressed
/// (or input ends); without a terminal, one bell on stderr.
public struct TerminalBellTimeUp: TimeUpAction {
    public init() {}

    public func ring(_ timeUp: TimeUp, input: any InputSource, context: CommandContext) throws -> ExitCode {
        let bell = "\u{07}"
        guard input.isTerminal else {
            context.console.writeRaw(bell, toError: true)
            return .success
        }
        let clock = SystemMonotonicTime()
        let display = StatusLine(descriptor: STDERR_FILENO)
        while true {
            context.console.writeRaw(bell, toError: true)
            display?.draw(["press any key"])
            switch input.next(until: clock.now() + 1_000_000_000) {
            case nil: continue
            case .key, .line, .endOfInput:
                display?.clear()
                return .success
            }
        }
    }
}
