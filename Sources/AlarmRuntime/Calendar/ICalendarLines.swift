import AlarmCore

/// The content lines of an iCalendar text, unfolded (RFC 5545 3.1: a line that starts with a
/// space or tab continues the one before), each with the file line it starts on, after checking
/// the BEGIN/END structure that libical passes over in silence (a file cut short still parses).
/// Its messages never quote the text: a calendar's problems reach the page and MQTT, and a file
/// that is no calendar (a password beside the alarms file) must not show through them.
package struct ICalendarLines {
    package struct Line {
        /// 1-based, where the (folded) line starts in the file.
        package var number: Int
        package var text: String
        /// The property name, upper-cased: `DTSTART` of `DTSTART;TZID=...:...`.
        package var name: String
        /// `VEVENT` for `BEGIN:VEVENT`.
        package var value: Substring { text[text.index(after: text.firstIndex(of: ":")!)...] }
    }

    private(set) package var lines: [Line] = []

    package init(_ text: String, path: String) throws(CalendarError) {
        var folded: [(number: Int, text: String)] = []
        // By bytes: to Swift, CR LF is one Character, which a split at "\n" would not see.
        for (offset, raw) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var line = String(decoding: raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw, as: UTF8.self)
            if offset == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if let first = line.first, first == " " || first == "\t", !folded.isEmpty {
                folded[folded.count - 1].text += line.dropFirst()
            } else if !line.isEmpty {
                folded.append((offset + 1, line))
            }
        }
        var open: [(name: String, line: Int)] = []
        for (number, text) in folded {
            func problem(_ message: String) -> CalendarError { .invalid(path: path, line: number, message: message) }
            guard let colon = text.firstIndex(of: ":") else {
                throw problem("expected a NAME:VALUE line")
            }
            let name = text[..<colon].prefix { $0 != ";" }.uppercased()
            guard !name.isEmpty else { throw problem("a property with no name") }
            let line = Line(number: number, text: text, name: name)
            if lines.isEmpty, name != "BEGIN" || line.value.uppercased() != "VCALENDAR" {
                throw problem("not an iCalendar file: it must start with BEGIN:VCALENDAR")
            }
            if !lines.isEmpty, open.isEmpty { throw problem("text after END:VCALENDAR") }
            let component = line.value.uppercased()
            if name == "BEGIN" {
                open.append((component, number))
            } else if name == "END" {
                guard let last = open.last, last.name == component else {
                    throw problem("END:\(Self.shown(component)) does not close " + (open.last.map { "BEGIN:\(Self.shown($0.name)) (line \($0.line))" } ?? "anything"))
                }
                open.removeLast()
            }
            lines.append(line)
        }
        if let unclosed = open.last {
            throw .invalid(path: path, line: unclosed.line, message: "BEGIN:\(Self.shown(unclosed.name)) is never closed (the file may be cut short)")
        }
        if lines.isEmpty { throw .invalid(path: path, line: 1, message: "the file is empty (expected BEGIN:VCALENDAR)") }
    }

    /// RFC 5545's components (and RFC 7953's), the only names a message shows as written.
    private static let components: Set<String> = ["VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "STANDARD",
                                                   "DAYLIGHT", "VALARM", "VAVAILABILITY", "AVAILABLE"]

    private static func shown(_ component: String) -> String { components.contains(component) ? component : "(an unknown component)" }

    package static let unknownZone = "unknown time zone in TZID (no VTIMEZONE in the file and none in the system's zone database)"

    /// The line of the `index`-th (0-based) `BEGIN:VEVENT`, and of its first `name` property.
    package func eventLine(_ index: Int, property name: String? = nil) -> Int {
        let begins = lines.indices.filter { lines[$0].name == "BEGIN" && lines[$0].value.uppercased() == "VEVENT" }
        guard begins.indices.contains(index) else { return 1 }
        let begin = begins[index]
        guard let name else { return lines[begin].number }
        let found = lines[begin...].prefix { $0.name != "END" || $0.value.uppercased() != "VEVENT" }.first { $0.name == name }
        return (found ?? lines[begin]).number
    }
}
