/// One link the next alarm depends on, checked: what was found and, when it is wrong, what to do.
public struct DoctorCheck: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case ok
        /// Tomorrow's alarm may not ring (or not be heard) until this is fixed: exit 1.
        case failed
        /// Worth knowing, but the alarm rings regardless (no RTC on a machine that never sleeps).
        case advice
    }

    public var name: String
    public var outcome: Outcome
    public var message: String
    public var fix: String?

    public init(_ name: String, _ outcome: Outcome, _ message: String, fix: String? = nil) {
        self.name = name
        self.outcome = outcome
        self.message = message
        self.fix = fix
    }

    public static func ok(_ name: String, _ message: String) -> DoctorCheck { DoctorCheck(name, .ok, message) }

    /// `✔ alarms file: ...` or `✘ mixer: Master is muted — fix: ...`.
    public var line: String {
        let mark = outcome == .ok ? "✔" : "✘"
        return "\(mark) \(name): \(message)" + (fix.map { " — \($0)" } ?? "")
    }

    public var json: JSONValue {
        ["check": .string(name), "ok": .bool(outcome == .ok), "blocking": .bool(outcome == .failed),
         "message": .string(message), "fix": .optional(fix)]
    }
}
