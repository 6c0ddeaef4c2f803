import FaceTerminal

/// What a key or a command line asks a running timer to do.
public enum TimerControl: Sendable, Equatable {
    case togglePause
    case addMinute
    case cancel

    /// Space pause/resume, `+` (or `=`, the same key unshifted) adds a minute, `q`, Esc or Ctrl-C cancel.
    public init?(key: Key) {
        switch key {
        case .space: self = .togglePause
        case .character("+"), .character("="): self = .addMinute
        case .character("q"), .character("Q"), .escape, .interrupt: self = .cancel
        default: return nil
        }
    }

    public static let lineCommands = ["pause", "resume", "add", "cancel"]

    /// A command line, case-insensitive; `+` adds a minute, `quit` and `q` cancel.
    public init?(line: String) {
        switch line.lowercased() {
        case "pause", "resume", "toggle": self = .togglePause
        case "add", "+", "+1", "+1:00": self = .addMinute
        case "cancel", "quit", "q", "exit": self = .cancel
        default: return nil
        }
    }
}
