/// What a command to `run` answered when it did what was asked, typed until a face renders it:
/// the socket and the page as `json`, MQTT and the page's own views from the values themselves.
public enum CommandValue: Sendable {
    case status(StatusReport)
    case alarms([AlarmListing])
    /// The alarm as an edit left it; nil when the edit removed it from view (an index past the end).
    case edited(AlarmListing?)
    case removed(id: String)
    case sounds([SoundEntry])
    /// A sound file taken in (an upload).
    case sound(SoundEntry)
    case previewing(sound: String, seconds: Double)
    /// Whether a preview (or a sleep timer) was playing and is stopped now.
    case stopped(Bool)
    case sleep(SleepTimer, now: Int)
    case timer(RunningTimer)
    case timerCancelled(id: String)
    /// The reports the page had not seen, gone: how many.
    case reportsCleared(Int)
    /// A household ring rung here as alarm `id`.
    case householdRing(id: String, ring: String)

    /// The value as the socket and the page send it; its names are a public interface.
    public var json: JSONValue {
        let format = TimeFormat()
        switch self {
        case let .status(report): return report.json(format: format)
        case let .alarms(listings): return .array(listings.map { $0.json(format: format) })
        case let .edited(listing): return listing?.json(format: format) ?? ["ok": .bool(true)]
        case let .removed(id): return ["removed": .string(id)]
        case let .sounds(entries): return .array(entries.map(\.json))
        case let .sound(entry): return entry.json
        case let .previewing(sound, seconds): return ["previewing": .string(sound), "seconds": .double(seconds)]
        case let .stopped(stopped): return ["stopped": .bool(stopped)]
        case let .sleep(timer, now): return timer.json(now: now, format: format)
        case let .timer(timer): return timer.json(format: format)
        case let .timerCancelled(id): return ["cancelled": .string(id)]
        case let .reportsCleared(count): return ["cleared": .int(count)]
        case let .householdRing(id, ring): return ["id": .string(id), "ring": .string(ring)]
        }
    }
}

/// Two answers are the same when they say the same.
extension CommandValue: Equatable {
    public static func == (a: CommandValue, b: CommandValue) -> Bool { a.json == b.json }
}
