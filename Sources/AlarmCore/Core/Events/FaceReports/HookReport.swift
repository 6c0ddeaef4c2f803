/// One step of one hook's run, for the hook of alarm `id` on event `on`.
public struct HookReport: Sendable, Equatable, RenderedReport {
    public enum Step: Sendable, Equatable {
        /// Behind `waiting` others, the number running at once being reached.
        case queued(waiting: Int)
        case started(run: String)
        case failed(run: String, reason: String)
        case timeout(afterSeconds: Int)
        case output(line: String)
        /// `code`: the exit status, or the signal that ended it.
        case done(code: EventValue, milliseconds: Int)
    }

    public var id: String
    public var on: String
    public var step: Step

    public init(id: String, on: String, _ step: Step) {
        self.id = id
        self.on = on
        self.step = step
    }

    var level: EventLevel {
        switch step {
        case .queued, .started, .output: return .info
        case .failed, .timeout: return .warning
        case let .done(code, _): return code == .number(0) ? .info : .warning
        }
    }

    var name: String {
        switch step {
        case .queued: return "hook_queued"
        case .started: return "hook_started"
        case .failed: return "hook_failed"
        case .timeout: return "hook_timeout"
        case .output: return "hook_output"
        case .done: return "hook_done"
        }
    }

    var fields: [EventField] {
        let own: [EventField]
        switch step {
        case let .queued(waiting): own = .init(["waiting": .number(waiting)])
        case let .started(run): own = .init(["run": .text(run)])
        case let .failed(run, reason): own = .init(["run": .text(run), "reason": .text(reason)])
        case let .timeout(after): own = .init(["after_s": .number(after)])
        case let .output(line): own = .init(["line": .text(line)])
        case let .done(code, milliseconds): own = .init(["code": code, "ms": .number(milliseconds)])
        }
        return .init(["id": .text(id), "on": .text(on)]) + own
    }
}
