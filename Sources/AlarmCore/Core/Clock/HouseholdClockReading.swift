/// What a household message says of its sender's clock: its wall time when it was sent and
/// whether its kernel calls that clock synchronised (nil: not said). Older members send neither,
/// and their messages are compared with nothing.
public struct HouseholdClockReading: Sendable, Equatable {
    /// The sender's instance and its name on the broker.
    public var member: String
    public var name: String
    /// Epoch seconds by the sender's clock.
    public var time: Int
    public var synchronised: Bool?

    public init(member: String, name: String, time: Int, synchronised: Bool?) {
        self.member = member
        self.name = name
        self.time = time
        self.synchronised = synchronised
    }
}
