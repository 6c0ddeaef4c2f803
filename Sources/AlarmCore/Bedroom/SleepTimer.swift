/// A sleep timer that is playing: what every face shows of it (the status line, `status`, the
/// page, Home Assistant) through the snapshot.
public struct SleepTimer: Sendable, Equatable {
    /// The sound as `sounds` names it; a sequence's names joined by commas.
    public var sound: String
    public var volume: Double
    public var startedAt: Int
    /// The second it ends (a whole one, as every ring).
    public var endsAt: Int
    /// The fade-out over its last seconds.
    public var fadeSeconds: Int

    package init(sound: String, volume: Double, startedAt: Int, endsAt: Int, fadeSeconds: Int) {
        self.sound = sound
        self.volume = volume
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.fadeSeconds = fadeSeconds
    }

    /// Never more than it was started for: it starts on the nearest whole second, which may be
    /// the next one, while `now` is still the second it was asked in.
    public func secondsLeft(at now: Int) -> Int { min(endsAt - startedAt, max(0, endsAt - now)) }

    public func isFading(at now: Int) -> Bool { secondsLeft(at: now) <= fadeSeconds }

    package func json(now: Int, format: TimeFormat) -> JSONValue {
        .object([
            ("sound", .string(sound)), ("volume", .double(volume)), ("startedAt", .string(format.iso(startedAt))),
            ("endsAt", .string(format.iso(endsAt))), ("seconds", .int(endsAt - startedAt)), ("secondsLeft", .int(secondsLeft(at: now))),
            ("fadeSeconds", .int(fadeSeconds)), ("fading", .bool(isFading(at: now))),
        ])
    }

    /// The status line's: `☾ sleep · tone:melody · 29:59 left, fades over the last 5m`.
    package func statusLine(now: Int) -> String {
        let left = TimeText.clock(Double(secondsLeft(at: now)))
        let fade = isFading(at: now) ? "fading out" : "fades over the last \(DurationText.format(fadeSeconds))"
        return "☾ sleep · \(sound) · \(left) left, \(fade) · 'alarmplay sleep --stop' ends it"
    }
}

/// Why a sleep timer ended (`sleep_ended reason=`).
public enum SleepEnd: String, Sendable, Equatable {
    /// Its time was up: it faded out and stopped.
    case elapsed
    /// `sleep --stop`, the page, Home Assistant.
    case stopped
    /// An alarm rang (or was about to): the alarm always wins.
    case alarm
    /// A new sleep timer took its place.
    case replaced

    /// The reason a preview's end gives, as the sleep timer's: the two share the path an alarm cuts.
    package init(previewReason: String) {
        self = previewReason == "played" ? .elapsed : SleepEnd(rawValue: previewReason) ?? .stopped
    }
}
