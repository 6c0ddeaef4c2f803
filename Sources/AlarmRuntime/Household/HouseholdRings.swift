import AlarmCore

/// The household rings this `run` takes part in, each with the alarm that rings it here: the
/// origin's own alarm, or the `household-N` alarm rung for another's. Pure: the daemon asks it
/// what a stop or snooze means and announces the answer.
package struct HouseholdRings {
    package struct Entry: Equatable {
        package var ring: HouseholdRing
        /// The alarm ringing it here.
        package var local: String
        /// Sent by this `run` (its own alarm escalated).
        package var mine: Bool
        /// A snooze pressed here on another's ring: it stops here and snoozes at the origin.
        package var endsAsSnooze = false
    }

    private(set) package var entries: [Entry] = []
    private var sent = 0
    private var rung = 0

    /// A new ring of this `run`'s alarm `alarm`; nil when that alarm already rings the household.
    mutating package func send(_ alarm: String, label: String?, origin: String, originName: String, now: Int) -> HouseholdRing? {
        guard entry(local: alarm) == nil else { return nil }
        sent += 1
        let ring = HouseholdRing(ring: "\(origin)-\(now)-\(sent)", origin: origin, originName: originName, alarm: alarm, label: label)
        entries.append(Entry(ring: ring, local: alarm, mine: true))
        return ring
    }

    /// The alarm id for another's ring, or nil when this ring is already here (a repeat).
    mutating package func receive(_ ring: HouseholdRing) -> String? {
        guard entry(ring: ring.ring) == nil else { return nil }
        rung += 1
        let local = "household-\(rung)"
        entries.append(Entry(ring: ring, local: local, mine: false))
        return local
    }

    package func entry(ring: String) -> Entry? { entries.first { $0.ring.ring == ring } }
    package func entry(local: String) -> Entry? { entries.first { $0.local == local } }

    /// Another's ring rung here: a snooze of it is a stop here.
    package func isGuest(_ local: String) -> Bool { entry(local: local).map { !$0.mine } ?? false }

    mutating package func endAsSnooze(_ local: String) {
        guard let index = entries.firstIndex(where: { $0.local == local }) else { return }
        entries[index].endsAsSnooze = true
    }

    /// Forgets the ring (it ended), returning what it was.
    mutating package func remove(ring: String) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.ring.ring == ring }) else { return nil }
        return entries.remove(at: index)
    }

    mutating package func remove(local: String) -> Entry? {
        entry(local: local).flatMap { remove(ring: $0.ring.ring) }
    }
}
