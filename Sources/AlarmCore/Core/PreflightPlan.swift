/// When the check before each ring is due and what its results mean, without I/O: it takes the
/// upcoming rings and the time, so every decision can be replayed with a fake clock.
///
/// A ring is first checked `preflight` seconds before it; while something is wrong it is checked
/// again every `retrySeconds`; a check that finds nothing wrong ends the checks for that ring. No
/// check starts in the last `closing` seconds: the ring is opening by then (the sound's pre-roll),
/// and what that finds it replaces itself. Problems are announced when they change, and a problem
/// that went away is announced once as recovered: by alarm, across its rings, so a standing
/// problem (an unsynchronised clock) is said once, not again before every ring and snooze's end.
package struct PreflightPlan {
    package static let retrySeconds = 60

    /// What is known of one ring's checks.
    package struct Entry: Equatable {
        package var ring: Ring
        /// Seconds before the ring after which no check starts (its pre-roll and a margin).
        package var closing: Int
        /// The last finished check; nil before the first.
        package var checkedAt: Int?
        package var problems: [PreflightProblem] = []
        package var inFlight = false
    }

    /// By alarm (its state key); only rings still upcoming are kept.
    private(set) package var entries: [String: Entry] = [:]
    /// By alarm: the problems last announced, whichever ring they were found for.
    private var announced: [String: [PreflightProblem]] = [:]

    /// The seconds in which checks of the entry's ring may start.
    package static func window(_ entry: Entry) -> ClosedRange<Int> {
        let lead = entry.ring.alarm.settings.preflight
        return (entry.ring.at - lead)...(entry.ring.at - min(entry.closing, lead))
    }

    /// Keeps the entries of `rings` (a ring moved, by an edit or a snooze, starts afresh) and
    /// drops the others; alarms with `preflight` off are not tracked.
    mutating package func track(_ rings: [(ring: Ring, closing: Int)]) {
        var kept: [String: Entry] = [:]
        for (ring, closing) in rings where ring.alarm.settings.preflight > 0 {
            let key = ring.alarm.stateKey
            guard kept[key] == nil else { continue }
            if let entry = entries[key], entry.ring.at == ring.at { kept[key] = entry } else { kept[key] = Entry(ring: ring, closing: closing) }
        }
        entries = kept
    }

    /// When the entry's next check is due; nil when none is (checked fine, in flight, too late).
    /// "Too late" counts from `now` too: a ring first seen inside its closing seconds (`run`
    /// started, or the alarm added, just before it) is never checked, and its first check's time,
    /// long past, must not be handed to the timer, which would wake at once again and again.
    package func nextCheck(_ entry: Entry, now: Int) -> Int? {
        guard !entry.inFlight else { return nil }
        let window = Self.window(entry)
        let due: Int
        switch entry.checkedAt {
        case nil: due = window.lowerBound
        case let checked? where !entry.problems.isEmpty: due = checked + Self.retrySeconds
        case .some: return nil
        }
        return max(due, now) <= window.upperBound ? due : nil
    }

    /// The rings whose check is due at `now`, marked in flight; the caller starts them.
    mutating package func start(now: Int) -> [Ring] {
        var started: [Ring] = []
        for (key, entry) in entries.sorted(by: { $0.value.ring.at < $1.value.ring.at }) {
            guard let due = nextCheck(entry, now: now), due <= now else { continue }
            entries[key]?.inFlight = true
            started.append(entry.ring)
        }
        return started
    }

    /// The earliest second a check is due, for the timer.
    package func nextDeadline(now: Int) -> Int? {
        entries.values.compactMap { nextCheck($0, now: now) }.min()
    }

    /// Takes a finished check of `ring` at `now`; returns what to announce. A result for a ring
    /// no longer tracked (it moved while the check ran) is dropped.
    mutating package func record(_ problems: [PreflightProblem], for ring: Ring, at now: Int, plays: String? = nil) -> [DaemonEvent] {
        let key = ring.alarm.stateKey
        guard var entry = entries[key], entry.ring.at == ring.at else { return [] }
        let before = announced[key] ?? []
        announced[key] = problems
        entry.inFlight = false
        entry.checkedAt = now
        entry.problems = problems
        entries[key] = entry
        let name = ring.alarm.name
        var events: [DaemonEvent] = []
        let fixed = before.filter { !problems.contains($0) }
        if !fixed.isEmpty { events.append(.preflightRecovered(id: name, ring: ring.at, fixed: fixed.map(\.description))) }
        if problems.isEmpty {
            events.append(.preflightOK(id: name, ring: ring.at, plays: plays))
        } else if problems != before {
            events.append(.preflightFailed(id: name, ring: ring.at, problems: problems.map(\.description)))
        }
        return events
    }

    /// What the last check found for `alarm`'s next (or just fired) ring; empty when nothing.
    package func problems(_ alarm: Alarm) -> [PreflightProblem] {
        entries[alarm.stateKey]?.problems ?? []
    }
}
