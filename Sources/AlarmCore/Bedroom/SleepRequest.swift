/// What `alarmplay sleep`, the page and Home Assistant ask of `run`: play a sound for a while,
/// fade it out over the end, then stop. Pure: the defaults, the checks and the control line.
public struct SleepRequest: Sendable, Equatable {
    /// How long, in whole seconds.
    public var seconds: Int
    /// An index or a name from `sounds`; several, comma-separated, play in order (the last loops).
    /// Nil: `defaultSound`.
    public var sound: String?
    /// 0...1; nil: `defaultVolume`.
    public var volume: Double?
    /// Seconds of fade-out at the end; nil: `defaultFade(forSeconds:)`.
    public var fadeSeconds: Int?

    public init(seconds: Int, sound: String? = nil, volume: Double? = nil, fadeSeconds: Int? = nil) {
        self.seconds = seconds
        self.sound = sound
        self.volume = volume
        self.fadeSeconds = fadeSeconds
    }

    /// The softest shipped sound: a music-box phrase that loops without a click.
    public static let defaultSound = "tone:melody"
    /// Half the alarms' full scale: a bedtime level, not a wake-up one.
    public static let defaultVolume = 0.5
    public static let longestSeconds = 24 * 3600
    /// A timer shorter than this fades over its last third instead of the usual five minutes.
    package static let shortSeconds = 15 * 60
    package static let usualFadeSeconds = 5 * 60

    /// Five minutes, or the last third of a timer under 15 minutes (a 9 s one fades over 3 s).
    public static func defaultFade(forSeconds seconds: Int) -> Int {
        seconds < shortSeconds ? seconds / 3 : usualFadeSeconds
    }

    public var fade: Int { fadeSeconds ?? Self.defaultFade(forSeconds: seconds) }

    /// What is wrong with it, by the field at fault (the page's form fields, the CLI's arguments).
    public var problem: (field: String, message: String)? {
        if !(1...Self.longestSeconds).contains(seconds) { return ("duration", tr("duration must be from 1s to 24h")) }
        if let volume, !(0...1).contains(volume) { return ("volume", tr("volume must be a number from 0.0 to 1.0")) }
        if let fadeSeconds, !(0...seconds).contains(fadeSeconds) {
            return ("fade", tr("fade must be from 0s to the duration ({duration})", ["duration": DurationText.format(seconds)]))
        }
        if let sound, sound.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.allSatisfy { $0 == " " } }) {
            return ("sound", tr("sound must name a sound: an index or a name from 'alarmplay sounds'"))
        }
        return nil
    }

    /// The control socket's line: `sleep 1800 fade=300 volume=0.5 tone:melody`, options before
    /// the sound, which is the rest of the line (a name may hold spaces).
    package var line: String {
        var words = ["sleep", String(seconds)]
        if let fadeSeconds { words.append("fade=\(fadeSeconds)") }
        if let volume { words.append("volume=\(volume)") }
        if let sound { words.append(sound) }
        return words.joined(separator: " ")
    }

    /// The words of a line after `sleep`: a duration (`1800`, `30m`), then `fade=` and `volume=`,
    /// then the sound. Nil when they do not make one.
    package init?(words: ArraySlice<String>) {
        guard let first = words.first, let seconds = try? DurationText.parse(first) else { return nil }
        self.init(seconds: seconds)
        var rest = words.dropFirst()
        while let word = rest.first {
            if word.hasPrefix("fade=") {
                guard let fade = try? DurationText.parse(String(word.dropFirst(5))) else { return nil }
                fadeSeconds = fade
            } else if word.hasPrefix("volume=") {
                guard let volume = Double(word.dropFirst(7)), volume.isFinite else { return nil }
                self.volume = volume
            } else {
                break
            }
            rest = rest.dropFirst()
        }
        sound = rest.isEmpty ? nil : rest.joined(separator: " ")
    }
}

extension ControlRequest {
    /// `sleep DURATION [fade=D] [volume=V] [SOUND]` and `sleep --stop`, as words after `sleep`.
    package init?(sleepWords words: ArraySlice<String>) {
        if words.count == 1, words.first == "--stop" {
            self = .stopSleep
        } else if let request = SleepRequest(words: words) {
            self = .startSleep(request)
        } else {
            return nil
        }
    }
}
