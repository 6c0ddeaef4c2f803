#if canImport(Glibc)
import Glibc
#endif

/// What a person or a script typed.
public enum InputEvent: Sendable, Equatable {
    /// A key from a terminal in raw mode.
    case key(Key)
    /// One line from a pipe or file, trimmed of surrounding whitespace, never empty. Commands are
    /// matched case-insensitively by the caller (a line may carry a case-sensitive argument).
    case line(String)
    /// Input is over. Reported once; it does not mean "quit" (systemd gives `run` `/dev/null`), each
    /// tool decides. Afterwards `next` only waits for its deadline.
    case endOfInput
}

/// Keys or lines from standard input, waited for together with a deadline so one loop can redraw,
/// ring on time and react to input without threads.
public protocol InputSource: AnyObject {
    /// True when input comes as single keys from a terminal.
    var isTerminal: Bool { get }

    /// When bytes held back for the rest of a key (a lone ESC, perhaps an arrow key's start) count
    /// as the key they are, on `next`'s clock; nil when nothing is held. A caller that asks
    /// `next` only for what is there already calls it again then.
    var heldUntil: Int64? { get }

    /// The next event, or nil once `deadline` (`CLOCK_MONOTONIC` nanoseconds, as `SystemMonotonicTime().now()`)
    /// passes first. A nil deadline waits as long as it takes.
    func next(until deadline: Int64?) -> InputEvent?
}

public enum StandardInput {
    /// Raw single keys when standard input is a terminal (restored when the source is released),
    /// otherwise one command per line.
    public static func open() -> any InputSource {
        if let keys = KeyInput(rawMode: RawMode(descriptor: STDIN_FILENO)) { return keys }
        return LineInput(descriptor: STDIN_FILENO)
    }
}
