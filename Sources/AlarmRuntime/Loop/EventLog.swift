import AlarmCore

/// One logfmt line per event on stderr (journald keeps them under systemd):
/// `time=2026-12-07T06:45:00.002+01:00 level=info event=fired id=work late_ms=2`.
public struct EventLog: Sendable {
    public typealias Level = EventLevel

    public var threshold: Level
    public var clock: any WallClock
    public var format: TimeFormat
    public var console: Console

    public init(threshold: Level = .info, clock: any WallClock = SystemClock(), format: TimeFormat = TimeFormat(), console: Console = Console()) {
        self.threshold = threshold
        self.clock = clock
        self.format = format
        self.console = console
    }

    /// The event's line, if its level is at or above the threshold.
    public func log(_ event: DaemonEvent) {
        guard event.level >= threshold else { return }
        var line = "time=\(format.isoMilliseconds(clock.now())) level=\(event.level.name) event=\(event.name)"
        for field in event.fields {
            line += " \(field.key)=\(Self.quoted(field.value.logText))"
        }
        console.err(line)
    }

    /// Bare when safe, else double-quoted with `"` and `\` escaped, as logfmt readers expect.
    package static func quoted(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.contains { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" || $0.isNewline }
        guard needsQuotes else { return value }
        var escaped = ""
        for character in value {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            // A CR would break the line on a terminal; Swift keeps CRLF as one Character, so both are listed.
            case "\r": escaped += "\\r"
            case "\r\n": escaped += "\\r\\n"
            default: escaped.append(character)
            }
        }
        return "\"" + escaped + "\""
    }
}
