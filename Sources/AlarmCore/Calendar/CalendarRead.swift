/// What one calendar file gave: its occurrences in the window read and, when the file was over
/// its `CalendarBudget`, why it was cut short (a warning on the alarms that use it).
public struct CalendarRead: Sendable, Equatable {
    public var events: [CalendarEvent]
    public var cutShort: String?

    public init(events: [CalendarEvent], cutShort: String? = nil) {
        self.events = events
        self.cutShort = cutShort
    }
}
