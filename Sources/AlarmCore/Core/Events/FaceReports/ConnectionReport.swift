/// What the control socket and stdin, the line-at-a-time faces, say of their peers.
public enum ConnectionReport: Sendable, Equatable, RenderedReport {
    /// A control-socket peer turned away (too many, another user).
    case refused(reason: String)
    /// Out of descriptors: the control socket stops accepting for a moment.
    case acceptPaused(problem: String)
    case dropped(reason: String)
    case stdinClosed
    /// A line on stdin that is no command; `expected` names the ones there are.
    case unknownCommand(line: String, expected: String)

    var level: EventLevel {
        if case .unknownCommand = self { return .warning }
        return .debug
    }

    var name: String {
        switch self {
        case .refused: return "control_connection_refused"
        case .acceptPaused: return "control_accept_paused"
        case .dropped: return "control_connection_dropped"
        case .stdinClosed: return "stdin_closed"
        case .unknownCommand: return "unknown_command"
        }
    }

    var fields: [EventField] {
        switch self {
        case let .refused(reason), let .dropped(reason): return .init(["reason": .text(reason)])
        case let .acceptPaused(problem): return .init(["problem": .text(problem)])
        case .stdinClosed: return []
        case let .unknownCommand(line, expected): return .init(["line": .text(line), "expected": .text(expected)])
        }
    }
}
