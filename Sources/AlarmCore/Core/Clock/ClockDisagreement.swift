/// Another member of the household whose clock differs from this one's by more than
/// `HouseholdClocks.tolerance`: who, by how much, and which of the two the kernel calls
/// synchronised (the one to trust).
public struct ClockDisagreement: Sendable, Equatable {
    public enum Synchronised: String, Sendable, Equatable {
        case both, neither
        /// This `run`'s kernel only.
        case here
        /// The other member's only.
        case there

        /// An unknown state counts as not synchronised: nobody said it is.
        public init(here: Bool?, there: Bool?) {
            switch (here == true, there == true) {
            case (true, true): self = .both
            case (false, false): self = .neither
            case (true, false): self = .here
            case (false, true): self = .there
            }
        }
    }

    /// The member's instance (`HouseholdIdentity`) and the name it has on the broker.
    public var member: String
    public var name: String
    /// The member's clock minus this one's, on receipt (so the broker's latency counts against it):
    /// negative when the member is behind.
    public var seconds: Int
    public var synchronised: Synchronised
    /// When it was last heard (this clock).
    public var heard: Int

    public init(member: String, name: String, seconds: Int, synchronised: Synchronised, heard: Int) {
        self.member = member
        self.name = name
        self.seconds = seconds
        self.synchronised = synchronised
        self.heard = heard
    }

    /// One entry of `status --json`'s `clock.disagreements`.
    package func json(format: TimeFormat) -> JSONValue {
        .object([("member", .string(member)), ("name", .string(name)), ("differenceSeconds", .int(seconds)),
                 ("synchronised", .string(synchronised.rawValue)), ("heard", .string(format.iso(heard)))])
    }
}
