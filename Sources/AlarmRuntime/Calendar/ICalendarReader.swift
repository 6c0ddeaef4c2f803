import AlarmCore
import CICal

/// Reads an iCalendar file with libical into the occurrences of its events in a window of time:
/// recurrences (`RRULE`, `RDATE`, `EXDATE`) expanded by libical's recurrence iterator, times in
/// their `TZID` (a file's own `VTIMEZONE`, else the system's zone of that name), a floating time
/// in the local zone, cancelled events and cancelled occurrences (`RECURRENCE-ID` with
/// `STATUS:CANCELLED`) left out. The only importer of CICal.
public enum ICalendarReader {
    private static let library = OptionalLibrary.ical.load(alarmplay_ical_load)

    /// Occurrences that overlap `window` (epoch seconds), at most one per event and local day,
    /// within `budget`; `path` names the file in errors.
    public static func read(in text: String, path: String, window: ClosedRange<Int>, zone: LocalTimeZone,
                            budget: CalendarBudget = .standard) throws(CalendarError) -> CalendarRead {
        let ical: alarmplay_ical_functions
        switch library {
        case let .success(table): ical = table.functions
        case let .failure(error): throw .library(error)
        }
        let lines = try ICalendarLines(text, path: path)
        ical.icalerror_set_errors_are_fatal(0)
        guard let document = ICalendarDocument(text, ical: ical) else {
            throw .invalid(path: path, line: 1, message: "libical cannot read it")
        }
        if let (line, message) = document.firstError(in: lines) {
            throw .invalid(path: path, line: line, message: message)
        }
        var reader = EventReader(ical: ical, document: document, lines: lines, path: path, window: window, zone: zone, budget: budget,
                                 cpu: ThreadCPUTime())
        return try reader.read()
    }
}

/// A parsed VCALENDAR, freed with the value.
final package class ICalendarDocument {
    package let ical: alarmplay_ical_functions
    package let root: OpaquePointer

    package init?(_ text: String, ical: alarmplay_ical_functions) {
        guard let root = ical.icalparser_parse_string(text) else { return nil }
        self.ical = ical
        self.root = root
    }

    deinit {
        ical.icalcomponent_free(root)
    }

    package func components(_ kind: icalcomponent_kind, of parent: OpaquePointer? = nil) -> [OpaquePointer] {
        let parent = parent ?? root
        return Self.walk(ical.icalcomponent_get_first_component(parent, kind)) { ical.icalcomponent_get_next_component(parent, kind) }
    }

    package func properties(_ kind: icalproperty_kind, of component: OpaquePointer) -> [OpaquePointer] {
        Self.walk(ical.icalcomponent_get_first_property(component, kind)) { ical.icalcomponent_get_next_property(component, kind) }
    }

    /// libical's first/next iteration (the cursor lives in the parent) as an array.
    private static func walk(_ first: OpaquePointer?, _ next: () -> OpaquePointer?) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var current = first
        while let item = current {
            found.append(item)
            current = next()
        }
        return found
    }

    /// libical marks what it cannot read with X-LIC-ERROR properties and carries on; the first
    /// one that matters, at the line libical cannot read on its own. A property name libical
    /// does not know is no error: RFC 5545 (3.8.8.2) says to ignore those.
    package func firstError(in lines: ICalendarLines) -> (line: Int, message: String)? {
        guard ical.icalcomponent_count_errors(root) > 0 else { return nil }
        let messages = ([root] + components(ICAL_ANY_COMPONENT))
            .flatMap { properties(ICAL_XLICERROR_PROPERTY, of: $0) }
            .compactMap { ical.icalproperty_get_xlicerror($0).map { String(cString: $0) } }
            .filter { !$0.hasPrefix("Parse error in property name") }
        guard let said = messages.first else { return nil }
        // libical writes "MESSAGE: TEXT", TEXT being what it could not read: only its own words are kept.
        var message = String(said.prefix { $0 != ":" })
        let removing = ". Removing entire property"
        if message.hasSuffix(removing) { message.removeLast(removing.count) }
        for line in lines.lines where line.name != "BEGIN" && line.name != "END" && isKnown(line.name) {
            if let property = ical.icalproperty_new_from_string(line.text) {
                ical.icalproperty_free(property)
            } else {
                return (line.number, message)
            }
        }
        return (1, message)
    }

    private func isKnown(_ name: String) -> Bool {
        name.hasPrefix("X-") || ical.icalproperty_string_to_kind(name) != ICAL_NO_PROPERTY
    }
}
