/// What the control socket and stdin, the line-at-a-time faces, say of their peers.
public enum ConnectionReport: Sendable, Equatable, RenderedReport {
    /// The control socket is open at `socket`.
    case listening(socket: String)
    /// No control socket: `run` rings as ever, only remote control is lost.
    case noSocket(problem: String)
    /// A request line on the control socket.
    case request(line: String)
    /// A control-socket peer turned away (too many, another user).
    case refused(reason: String)
    /// Out of descriptors: the control socket stops accepting for a moment.
    case acceptPaused(problem: String)
    case dropped(reason: String)
    case stdinClosed
    /// A line on stdin that is no command; `expected` names the ones there are.
    case unknownCommand(line: String, expected: String)

    var level: EventLevel {
        switch self {
        case .unknownCommand, .noSocket: return .warning
        default: return .debug
        }
    }

    var name: String {
        switch self {
        case .listening: return "listening"
        case .noSocket: return "no_control_socket"
        case .request: return "control"
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
        case let .acceptPaused(problem), let .noSocket(problem): return .init(["problem": .text(problem)])
        case let .listening(socket): return .init(["socket": .text(socket)])
        case let .request(line): return .init(["request": .text(line)])
        case .stdinClosed: return []
        case let .unknownCommand(line, expected): return .init(["line": .text(line), "expected": .text(expected)])
        }
    }
}
