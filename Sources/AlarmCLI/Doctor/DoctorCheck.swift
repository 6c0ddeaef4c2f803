import AlarmCore

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
        let mark = switch outcome {
        case .ok: "✔"
        case .failed: "✘"
        // Worth knowing, and the alarm rings regardless: not marked as what must be fixed.
        case .advice: "⚠"
        }
        return "\(mark) \(shownName): \(message)" + (fix.map { " — \($0)" } ?? "")
    }

    /// The check's name in the user's language, for the line only: JSON keeps the English one,
    /// which scripts match. Names that carry what was checked (`device pulse`) keep that part.
    package var shownName: String {
        let names = [
            "alarms file": trc("check", "alarms file"), "next ring": trc("check", "next ring"), "mixer": trc("check", "mixer"),
            "wake from suspend": trc("check", "wake from suspend"), "clock": trc("check", "clock"),
            "time zone": trc("check", "time zone"), "state folder": trc("check", "state folder"),
            "alarmplay run": trc("check", "alarmplay run"), "service": trc("check", "service"),
        ]
        if let shown = names[name] { return shown }
        let kinds = [
            ("sound ", trc("check", "sound {name}")), ("device ", trc("check", "device {name}")),
            ("audio path ", trc("check", "audio path {name}")), ("calendar ", trc("check", "calendar {name}")),
        ]
        guard let (prefix, shown) = kinds.first(where: { name.hasPrefix($0.0) }) else { return name }
        return shown.filling(["name": String(name.dropFirst(prefix.count))])
    }

    public var json: JSONValue {
        ["check": .string(name), "ok": .bool(outcome == .ok), "blocking": .bool(outcome == .failed),
         "message": .string(message), "fix": .optional(fix)]
    }
}
