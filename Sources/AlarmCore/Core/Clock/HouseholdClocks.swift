/// The household's clocks as this `run` heard them: each message that carries its sender's time
/// is compared with this clock on receipt. A difference beyond `tolerance` is said
/// (`clock_disagrees`), again only when it moves by more than that, and its end once
/// (`clock_agrees`). Pure: the time and the kernel's word come in as values.
package struct HouseholdClocks {
    /// Wide enough for a broker's latency and a second's rounding at both ends, narrow enough
    /// for a ring a minute off to count.
    package static let tolerance = 60
    /// Members remembered at once; a newer one takes the place of the longest unheard.
    package static let limit = 16

    private struct Entry {
        var disagreement: ClockDisagreement
        /// The difference last said.
        var said: Int
    }

    private var entries: [Entry] = []

    package init() {}

    /// The members whose clocks differ now, the first heard first.
    package var disagreements: [ClockDisagreement] { entries.map(\.disagreement) }

    /// `reading` compared with this clock at `now`; what to say, if anything.
    mutating package func compare(_ reading: HouseholdClockReading, now: Int, synchronised: Bool?) -> DaemonEvent? {
        let seconds = reading.time - now
        let index = entries.firstIndex { $0.disagreement.member == reading.member }
        guard abs(seconds) > Self.tolerance else {
            guard let index else { return nil }
            entries.remove(at: index)
            return .clockAgrees(member: reading.member, seconds: seconds)
        }
        let found = ClockDisagreement(member: reading.member, name: reading.name, seconds: seconds,
                                      synchronised: .init(here: synchronised, there: reading.synchronised), heard: now)
        if let index {
            let before = entries[index]
            entries[index].disagreement = found
            guard abs(before.said - seconds) > Self.tolerance || before.disagreement.synchronised != found.synchronised else { return nil }
            entries[index].said = seconds
            return .clockDisagrees(found)
        }
        if entries.count >= Self.limit, let oldest = entries.indices.min(by: { entries[$0].disagreement.heard < entries[$1].disagreement.heard }) {
            entries.remove(at: oldest)
        }
        entries.append(Entry(disagreement: found, said: seconds))
        return .clockDisagrees(found)
    }

    /// This clock was set: what was measured against it no longer holds (the members are asked again).
    mutating package func forgetAll() {
        entries = []
    }
}
