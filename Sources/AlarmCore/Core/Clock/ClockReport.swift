/// What every face shows of the clock (`status`, the page, Home Assistant): whether the kernel
/// calls it synchronised, the warning that follows from it, and the household's members whose
/// clocks differ. `run` fills it in; the offline commands leave it empty.
public struct ClockReport: Sendable, Equatable {
    /// nil: not known (the offline commands, or adjtimex failed).
    public var synchronised: Bool?
    public var warning: ClockWarning?
    public var disagreements: [ClockDisagreement]

    public init(synchronised: Bool? = nil, warning: ClockWarning? = nil, disagreements: [ClockDisagreement] = []) {
        self.synchronised = synchronised
        self.warning = warning
        self.disagreements = disagreements
    }

    /// Anything to show.
    public var isTroubled: Bool { warning != nil || !disagreements.isEmpty }

    /// `status --json`'s `clock`.
    package func json(format: TimeFormat) -> JSONValue {
        let warning: JSONValue = self.warning.map { .object([("id", .string($0.id)), ("ring", .string(format.iso($0.ring)))]) } ?? .null
        return .object([("synchronised", synchronised.map(JSONValue.bool) ?? .null), ("warning", warning),
                        ("disagreements", .array(disagreements.map { $0.json(format: format) }))])
    }
}
