import FaceTerminal

/// What a key or a command line asks the stopwatch to do.
public enum StopwatchAction: Sendable, Equatable {
    case start, stop, toggle, lap, reset, copy, quit

    /// Space start/stop, `l` or Enter lap, `r` reset, `c` copy, `q`, Ctrl-C or Ctrl-D quit.
    public init?(key: Key) {
        switch key {
        case .space: self = .toggle
        case .enter: self = .lap
        case .interrupt, .endOfTransmission: self = .quit
        case let .character(character):
            switch character.lowercased() {
            case "l": self = .lap
            case "r": self = .reset
            case "c": self = .copy
            case "q": self = .quit
            default: return nil
            }
        default: return nil
        }
    }

    public static let lineCommands = ["start", "stop", "lap", "reset", "copy", "quit"]

    /// A command line, case-insensitive: the words in `lineCommands`, their first letters, and `exit`.
    public init?(line: String) {
        switch line.lowercased() {
        case "start": self = .start
        case "stop": self = .stop
        case "lap", "l": self = .lap
        case "reset", "r": self = .reset
        case "copy", "c": self = .copy
        case "quit", "q", "exit": self = .quit
        default: return nil
        }
    }
}
