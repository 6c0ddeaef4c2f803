/// A command to the running alarm process, from any face: a key, a line on stdin or the control
/// socket, the page, Home Assistant, a signal. `AlarmDaemon.perform` handles each in one place
/// and returns a `CommandResult` the face renders.
public enum ControlRequest: Sendable, Equatable {
    case snooze(id: String?)
    case stop(id: String?)
    case status
    case help
    /// Forget what `run` remembers of an alarm that was just switched on (a one-shot that
    /// already rang is done): it rings at its next time, as a phone's alarm does.
    case rearm(id: String)
    /// Ctrl-C (the key or SIGINT): stops the ringing alarms, or quits when none rings.
    case interrupt
    /// SIGTERM: quits.
    case quit
    /// SIGHUP: reads the alarms file again.
    case reload

    /// `snooze`, `s`, `z`, `stop`, `x`, `status`, each optionally followed by an alarm id;
    /// case-insensitive. Nil for anything else.
    public init?(line: String) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let verb = words.first?.lowercased(), words.count <= 2 else { return nil }
        let id = words.count == 2 ? words[1] : nil
        switch verb {
        case "snooze", "s", "z": self = .snooze(id: id)
        case "stop", "x", "dismiss": self = .stop(id: id)
        case "status": self = .status
        case "help", "?": self = .help
        case "rearm":
            guard let id else { return nil }
            self = .rearm(id: id)
        default: return nil
        }
    }

    /// The keys of the ringing screen: `s`, `z`, Space or Enter snooze; `x`, `q` or Esc stop.
    public init?(key: Key) {
        switch key {
        case .character("s"), .character("z"), .character("S"), .character("Z"), .space, .enter:
            self = .snooze(id: nil)
        case .character("x"), .character("q"), .character("X"), .character("Q"), .escape:
            self = .stop(id: nil)
        case .character("?"), .character("h"):
            self = .help
        case .interrupt:
            self = .interrupt
        default:
            return nil
        }
    }

    /// The line the client sends over the socket. `interrupt`, `quit` and `reload` have one for
    /// the log only: they come from keys and signals, and no socket client can end `run`.
    public var line: String {
        switch self {
        case let .snooze(id): return id.map { "snooze \($0)" } ?? "snooze"
        case let .stop(id): return id.map { "stop \($0)" } ?? "stop"
        case .status: return "status"
        case .help: return "help"
        case let .rearm(id): return "rearm \(id)"
        case .interrupt: return "interrupt"
        case .quit: return "quit"
        case .reload: return "reload"
        }
    }

    public static let keyHelp = "keys: z/s/Space/Enter snooze · x/q/Esc stop · ? help · Ctrl-C stops ringing, or quits when quiet"
}
