/// The coming rings as an iCalendar feed (RFC 5545), so a phone's calendar can subscribe to the
/// house's alarms (`GET /calendar.ics`, `alarmplay next --ics`). Times are UTC (`...Z`): the
/// feed needs no VTIMEZONE and a calendar shows each ring at the right local time on both sides
/// of a DST change. Pure: built from a snapshot.
public struct RingFeed: Sendable {
    /// How far ahead the feed looks.
    public static let days = 60
    /// A feed of 10,000 daily alarms would be 600,000 events; no calendar app wants that.
    public static let maximumEvents = 2000

    public var rings: [Ring]
    public var now: Int

    public init(snapshot: Snapshot) {
        rings = Array(snapshot.rings(until: snapshot.now + Self.days * 86_400).prefix(Self.maximumEvents))
        now = snapshot.now
    }

    /// The feed's text, CRLF line ends, lines folded at 75 octets.
    public var text: String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//alarmplay//alarmplay \(Version.current)//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:alarmplay", "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
        ]
        for ring in rings {
            let name = ring.alarm.label ?? "Alarm \(ring.alarm.name)"
            lines += [
                "BEGIN:VEVENT",
                "UID:\(Self.uid(ring))",
                "DTSTAMP:\(Self.utc(now))",
                "DTSTART:\(Self.utc(ring.at))",
                "DURATION:PT\(max(60, ring.alarm.settings.ringFor))S",
                "SUMMARY:" + Self.escaped(ring.isSnooze ? "\(name) (snoozed)" : name),
                "DESCRIPTION:" + Self.escaped("alarmplay alarm \(ring.alarm.name)"),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined(separator: "\r\n") + "\r\n"
    }

    /// Stable across refreshes, so a calendar updates an event rather than adding a twin, and one
    /// per alarm: letters, digits, `-` and `_` as they are, every other byte as `%XX` (so `a"b` and
    /// `a'b`, once both `a_b`, stay two events).
    package static func uid(_ ring: Ring) -> String {
        var key = ""
        for scalar in ring.alarm.stateKey.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" {
                key.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { key += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true) }
            }
        }
        return "\(key)-\(ring.at)\(ring.isSnooze ? "-snooze" : "")@alarmplay"
    }

    /// `20261225T060000Z`
    package static func utc(_ instant: Int) -> String {
        let date = CalendarDate(dayNumber: instant.dividedRoundingDown(by: 86_400))
        let seconds = instant - date.dayNumber * 86_400
        let digits = String(date.year) + TimeOfDay.twoDigits(date.month) + TimeOfDay.twoDigits(date.day)
        return digits + "T" + TimeOfDay.twoDigits(seconds / 3600) + TimeOfDay.twoDigits(seconds / 60 % 60) + TimeOfDay.twoDigits(seconds % 60) + "Z"
    }

    /// TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11).
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// Lines longer than 75 octets continue on the next line after a space, never inside a
    /// UTF-8 sequence (RFC 5545 3.1).
    public static func folded(_ line: String) -> String {
        var parts: [String] = []
        var current = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > (parts.isEmpty ? 75 : 74) {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.append(character)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }
}
