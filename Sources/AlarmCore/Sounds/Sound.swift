/// One playable sound as a provider describes it, before the registry numbers it.
public struct Sound: Sendable, Equatable {
    /// The provider's id, the part before the colon of the stable name (`tone`, `file`).
    public var provider: String
    /// The provider-unique key, the part after the colon (`beep`, `maple-leaf-rag`).
    public var key: String
    /// Human title (`Maple Leaf Rag`).
    public var title: String
    public var details: SoundDetails
    /// The title is alarmplay's own words (a built-in tone's), which the reader's language
    /// translates; a file's title is its own.
    public var titleIsOurs = false

    public init(provider: String, key: String, title: String, details: SoundDetails = SoundDetails()) {
        self.provider = provider
        self.key = key
        self.title = title
        self.details = details
    }

    /// The title in the reader's language where it is ours to translate.
    public var titleWords: String { titleIsOurs ? tr(title) : title }

    /// The stable name alarms refer to: `provider:key`.
    public var name: String { "\(provider):\(key)" }
    public var isBroken: Bool { details.brokenReason != nil }
}

/// What is known about a sound without playing it.
public struct SoundDetails: Sendable, Equatable {
    public var path: String?
    public var durationSeconds: Double?
    public var sampleRate: Int?
    public var channels: Int?
    /// Why the sound cannot be played (libsndfile's `sf_strerror` for files); nil when it can.
    public var brokenReason: String?
    /// A stream's address.
    public var url: String?
    /// What `sounds` shows instead of length and format (`stream, radio.example`).
    public var summary: String?
    /// How many seconds before its ring the sound (and the device) is opened, so that opening it
    /// never makes the alarm late: a second for what is at hand, longer for what must connect
    /// and buffer first (a stream). The provider says; `run` asks nothing else.
    public var openAheadSeconds = 1
    /// The files of a sound of several (a folder), as the scan found them: what it picks from,
    /// so naming a pick needs no disk.
    public var members: [String] = []

    public init(
        path: String? = nil, durationSeconds: Double? = nil, sampleRate: Int? = nil,
        channels: Int? = nil, brokenReason: String? = nil, summary: String? = nil
    ) {
        self.summary = summary
        self.path = path
        self.durationSeconds = durationSeconds
        self.sampleRate = sampleRate
        self.channels = channels
        self.brokenReason = brokenReason
    }
}
