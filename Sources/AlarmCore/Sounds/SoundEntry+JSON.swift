/// A sound as `sounds --json`, the socket and the page give it.
extension SoundEntry {
    package var json: JSONValue {
        let sound = self.sound
        var pairs: [(String, JSONValue)] = [
            ("index", .int(index)), ("name", .string(sound.name)), ("title", .string(sound.title)),
            ("provider", .string(sound.provider)), ("broken", .bool(sound.isBroken)),
        ]
        // The page words a built-in title in its reader's language (the title stays English here).
        if sound.titleIsOurs { pairs.append(("titleIsOurs", true)) }
        if let reason = sound.details.brokenReason { pairs.append(("reason", .string(reason))) }
        if let path = sound.details.path { pairs.append(("path", .string(path))) }
        if let url = sound.details.url { pairs.append(("url", .string(url))) }
        if let seconds = sound.details.durationSeconds { pairs.append(("durationSeconds", .double((seconds * 1000).rounded() / 1000))) }
        if let rate = sound.details.sampleRate { pairs.append(("sampleRate", .int(rate))) }
        if let channels = sound.details.channels { pairs.append(("channels", .int(channels))) }
        return .object(pairs)
    }
}
