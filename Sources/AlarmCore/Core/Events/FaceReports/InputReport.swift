/// The buttons' and knobs' news, for the input device at `device` (the path asked for).
public struct InputReport: Sendable, Equatable, RenderedReport {
    public enum Step: Sendable, Equatable {
        /// Opened (`back`: again, after it was missing) as the device called `name`.
        case opened(name: String, grabbed: Bool, back: Bool)
        case missing(reason: String)
        case lost(name: String)
        /// Key `key` pressed on `name`: the request `action` was made.
        case pressed(name: String, key: String, action: String)
        /// `count` more presses in `seconds` than are told one by one (a stuck key, a knob spun).
        case pressedMany(count: Int, seconds: Int)
        case refused(action: String, reason: String)
    }

    public var device: String
    public var step: Step

    public init(device: String, _ step: Step) {
        self.device = device
        self.step = step
    }

    var level: EventLevel {
        switch step {
        case .missing, .lost: return .warning
        case .opened, .pressed, .pressedMany, .refused: return .info
        }
    }

    var name: String {
        switch step {
        case let .opened(_, _, back): return back ? "input_back" : "input_opened"
        case .missing: return "input_missing"
        case .lost: return "input_lost"
        case .pressed: return "input"
        case .pressedMany: return "input_many"
        case .refused: return "input_refused"
        }
    }

    var fields: [EventField] {
        let own: [EventField]
        switch step {
        case let .opened(name, grabbed, _): own = .init(["name": .text(name), "grab": .text(grabbed ? "yes" : "no")])
        case let .missing(reason): own = .init(["reason": .text(reason), "hint": .text("taken when it appears")])
        case let .lost(name): own = .init(["name": .text(name), "hint": .text("taken again when it comes back")])
        case let .pressed(name, key, action): own = .init(["name": .text(name), "key": .text(key), "action": .text(action)])
        case let .pressedMany(count, seconds): own = [EventField("count", .number(count)), EventField("seconds", .number(seconds))]
        case let .refused(action, reason): own = .init(["action": .text(action), "reason": .text(reason)])
        }
        return [EventField("device", .text(device))] + own
    }
}
