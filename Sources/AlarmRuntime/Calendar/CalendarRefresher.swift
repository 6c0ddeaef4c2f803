import AlarmCore
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// `run`'s worker for remote calendars: fetches each one now and then every `interval` on its
/// own thread. A fresh copy lands in the cache folder by rename, which `run`'s file watch sees
/// and reloads like an edited alarms file; a failed fetch keeps the last copy in force. What
/// happened comes back to the loop through the notifier (`drain`), to be published there.
public final class CalendarRefresher: Sendable {
    private let sources = Mutex<[CalendarSource]>([])
    private let started = Mutex(false)
    private let reports = Mutex<[FaceReport]>([])
    /// When each URL was last fetched (monotonic seconds), and which are being fetched now.
    private let fetches = Mutex<(last: [String: Double], inFlight: Set<String>)>(([:], []))
    private let notifier: Notifier
    private let interval: Int

    /// Every six hours, or `$ALARMPLAY_CALENDAR_REFRESH` seconds.
    public init(notifier: Notifier, environment: Environment = .current()) {
        interval = environment["ALARMPLAY_CALENDAR_REFRESH"].flatMap { Int($0) }.map { min(max(1, $0), 365 * 86_400) } ?? 6 * 3600
        self.notifier = notifier
    }

    /// The remote calendars to keep fresh: those the alarms file names now. One named since the
    /// last call is fetched at once (an edit never fetches: it must not wait on the network).
    public func keep(_ remote: [CalendarSource]) {
        let before = sources.withLock { kept in
            defer { kept = remote }
            return Set(kept.map(\.reference))
        }
        // Now, so the file watch set up next can see the first copy arrive.
        for folder in Set(remote.map { FileSystem.parent(of: $0.path) }) { try? FileSystem.makeDirectories(folder, mode: 0o700) }
        guard !remote.isEmpty, started.withLock({ was in defer { was = true }; return !was }) else {
            for source in remote where !before.contains(source.reference) { refresh(source.reference, fresherThan: .infinity) }
            return
        }
        do {
            try BackgroundThread.start { [self] in
                while true {
                    for source in sources.withLock({ $0 }) { fetch(source) }
                    sleep(UInt32(interval))
                }
            }
        } catch {
            // The cached copies stay in force; the next `keep` (a reload) tries again.
            started.withLock { $0 = false }
        }
    }

    /// Fetches the kept calendar `reference` once more, now and off the loop, unless it was
    /// fetched in the last `fresherThan` seconds or is being fetched: the check before a ring from
    /// a calendar asks, so the ring follows the calendar's latest copy.
    public func refresh(_ reference: String, fresherThan: Double = 600) {
        guard let source = sources.withLock({ $0.first { $0.reference == reference } }) else { return }
        let now = SystemMonotonicTime.seconds
        let due = fetches.withLock { fetches in
            guard !fetches.inFlight.contains(reference), fetches.last[reference].map({ now - $0 >= fresherThan }) ?? true else { return false }
            fetches.inFlight.insert(reference)
            return true
        }
        guard due else { return }
        do {
            try BackgroundThread.start { [self] in fetch(source) }
        } catch {
            fetches.withLock { _ = $0.inFlight.remove(reference) }
        }
    }

    private func fetch(_ source: CalendarSource) {
        let report = CalendarFetcher.refresh(source).map {
            FaceReport.calendar(.refreshFailed(url: source.reference, problem: $0))
        } ?? .calendar(.refreshed(url: source.reference))
        fetches.withLock {
            $0.inFlight.remove(source.reference)
            $0.last[source.reference] = SystemMonotonicTime.seconds
        }
        reports.withLock { $0.append(report) }
        notifier.signal()
    }

    /// On the loop: what the worker did since the last call.
    public func drain() -> [FaceReport] {
        reports.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
