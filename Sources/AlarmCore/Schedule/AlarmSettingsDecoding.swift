/// Reading the settings an alarm can inherit (`sound`, `volume`, `snooze`, `maxSnoozes`,
/// `ringFor`, `fadeIn`, `forceAudible`, `devices`, `preflight`, `escalate`, `wakeUp`, `wakeUpSound`), in an alarm or in `defaults`.
extension AlarmFileDecoder {
    /// Allowed ranges, in seconds. A ring or snooze longer than a day is surely a typo.
    package static let snoozeRange = 1...86_400
    package static let ringForRange = 1...86_400
    package static let fadeInRange = 0...86_400
    package static let maxSnoozesRange = 0...100
    /// `0s` turns the check off; a day ahead is as early as it makes sense.
    package static let preflightRange = 0...86_400
    /// `0s` turns the wake-up phase off; one longer than three hours is surely a typo.
    package static let wakeUpRange = 0...10_800

    mutating package func decodeSettings(_ object: JSONValue, inheriting inherited: AlarmSettings) -> AlarmSettings {
        var settings = inherited
        if let value = object["sound"] {
            if let list = value.arrayValue {
                let sounds = list.compactMap { decodeSound($0) }
                if list.isEmpty {
                    report(tr("sound must not be an empty list (give one sound, or several to play in order)"), at: value.position)
                } else if sounds.count == list.count {
                    settings.sound = sounds[0]
                    settings.laterSounds = Array(sounds.dropFirst())
                }
            } else if let sound = decodeSound(value) {
                settings.sound = sound
                settings.laterSounds = []
            }
        }
        if let value = object["fallbackSound"], let sound = decodeSound(value) { settings.fallbackSound = sound }
        if let value = object["volume"] {
            if let volume = value.numberValue?.double, (0...1).contains(volume) {
                settings.volume = volume
            } else {
                report(Self.got(tr("volume must be a number from 0.0 to 1.0"), value), at: value.position)
            }
        }
        if let value = object["snooze"], let seconds = decodeDuration(value, "snooze", Self.snoozeRange) {
            settings.snooze = seconds
        }
        if let value = object["ringFor"], let seconds = decodeDuration(value, "ringFor", Self.ringForRange) {
            settings.ringFor = seconds
        }
        if let value = object["fadeIn"], let seconds = decodeDuration(value, "fadeIn", Self.fadeInRange) {
            settings.fadeIn = seconds
        }
        if let value = object["voice"] {
            if let voice = value.stringValue, !voice.isEmpty {
                // Voices are checked, like sounds, only when the file is read with the sounds at hand.
                if let installed = sounds?.voices?(), let problem = VoiceCheck.problem(voice, installed: installed) {
                    report(problem, at: value.position)
                } else {
                    settings.voice = voice
                }
            } else {
                report(Self.got(tr("voice must be a voice name such as \"en\" or \"de\""), value), at: value.position)
            }
        }
        if let value = object["forceAudible"] {
            if let force = value.boolValue {
                settings.forceAudible = force
            } else {
                report(Self.got(tr("{key} must be true or false", ["key": "forceAudible"]), value), at: value.position)
            }
        }
        if let value = object["devices"], let devices = decodeDevices(value) { settings.devices = devices }
        if let value = object["preflight"], let seconds = decodeDuration(value, "preflight", Self.preflightRange) {
            settings.preflight = seconds
        }
        if let value = object["escalate"], let steps = decodeEscalation(value) { settings.escalate = steps }
        if let value = object["wakeUp"], let seconds = decodeDuration(value, "wakeUp", Self.wakeUpRange) { settings.wakeUp = seconds }
        if let value = object["bedtime"] { settings.bedtime = decodeBedtime(value) }
        if let value = object["location"] { settings.location = decodeLocation(value) }
        if let value = object["wakeUpSound"], let sound = decodeSound(value) { settings.wakeUpSound = sound }
        if let value = object["maxSnoozes"] {
            if let count = value.numberValue?.int, Self.maxSnoozesRange.contains(count) {
                settings.maxSnoozes = count
            } else {
                let range = Self.maxSnoozesRange
                let expected = tr("maxSnoozes must be a whole number from {low} to {high}", ["low": String(range.lowerBound), "high": String(range.upperBound)])
                report(Self.got(expected, value), at: value.position)
            }
        }
        return settings
    }

    /// ALSA device names to try in order: one name or a non-empty list of them.
    mutating package func decodeDevices(_ value: JSONValue) -> [String]? {
        let names = value.arrayValue.map { $0.map(\.stringValue) } ?? [value.stringValue]
        let devices = names.compactMap { $0 }.filter { !$0.isEmpty && !$0.contains(where: \.isWhitespace) }
        guard !names.isEmpty, devices.count == names.count else {
            report(Self.got(tr("devices must be an ALSA device name such as \"default\" or a list of them in order (see 'alarmplay devices')"), value),
                   at: value.position)
            return nil
        }
        return devices
    }

    /// An index of `alarmplay sounds` or a stable name, checked against the registry if given.
    mutating package func decodeSound(_ value: JSONValue) -> SoundReference? {
        let reference: SoundReference
        if let number = value.numberValue, let index = number.int, !number.text.contains(".") {
            reference = .index(index)
        } else if let name = value.stringValue, !name.isEmpty {
            reference = SoundReference(parsing: name)
        } else {
            report(Self.got(tr("sound must be a sound index (a whole number), a name such as \"tone:classic\", or a list of them"), value), at: value.position)
            return nil
        }
        if let sounds {
            do {
                _ = try sounds.resolve(reference)
            } catch {
                report(error.description, at: value.position)
                return nil
            }
        }
        return reference
    }

    /// A duration string (`"9m"`; signed, `"-30m"`, when `range` goes below zero) or whole seconds, within `range`.
    mutating package func decodeDuration(_ value: JSONValue, _ name: String, _ range: ClosedRange<Int>) -> Int? {
        let seconds: Int
        if let number = value.numberValue, let whole = number.int, !number.text.contains(".") {
            seconds = whole
        } else if value.stringValue != nil {
            // A range below zero takes a sign: `+10m`, `-30m`.
            guard let parsed = range.lowerBound < 0 ? parse(value, "", DurationText.parseSigned) : parse(value, "", DurationText.parse) else { return nil }
            seconds = parsed
        } else {
            report(Self.got(tr("{key} must be a duration such as \"9m\" or whole seconds", ["key": name]), value), at: value.position)
            return nil
        }
        guard range.contains(seconds) else {
            let high = DurationText.format(range.upperBound)
            let message = range.lowerBound < 0
                ? tr("{key} must be up to {high} either way, e.g. \"-30m\" or \"+10m\"", ["key": name, "high": high])
                : tr("{key} must be from {low} to {high}", ["key": name, "low": DurationText.format(range.lowerBound), "high": high])
            report(Self.got(message, value), at: value.position)
            return nil
        }
        return seconds
    }
}
